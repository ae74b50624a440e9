<?php

declare(strict_types=1);

namespace Preheat\Console\Command;

use Preheat\Console\InvalidOption;
use Preheat\Console\SettingOptions;
use Preheat\Plan\DropReason;
use Preheat\Plan\Exclusion;
use Preheat\Plan\Explainer;
use Preheat\Plan\PlanOptions;
use Preheat\Plan\PlanPipeline;
use Preheat\Plan\PlanResult;
use Preheat\Plan\Strategy\HotStrategy;
use Preheat\Process\ProcessRunner;
use Preheat\Progress\ConsoleProgressLogger;
use Preheat\Report\ExplainReport;
use Preheat\Report\Formats\Renderers;
use Preheat\Script\RefusedHeader;
use Preheat\Script\ScriptGenerator;
use Preheat\Script\ScriptManifest;
use Preheat\Usage\UsageStores;
use Symfony\Component\Console\Command\Command;
use Symfony\Component\Console\Input\InputArgument;
use Symfony\Component\Console\Input\InputInterface;
use Symfony\Component\Console\Input\InputOption;
use Symfony\Component\Console\Output\ConsoleOutputInterface;
use Symfony\Component\Console\Output\OutputInterface;

final class ExplainCommand extends Command
{
    public function __construct(
        private readonly ProcessRunner $runner,
        private readonly Renderers $renderers = new Renderers(),
    ) {
        parent::__construct('explain');
    }

    protected function configure(): void
    {
        $this
            ->setDescription('Tell whether a class or file is preloaded, and the chain of reasons if not')
            ->addArgument('name', InputArgument::REQUIRED, 'A class name (Foo\\Bar) or a file path')
            ->addOption(
                'format',
                null,
                InputOption::VALUE_REQUIRED,
                $this->renderers->choices(ExplainReport::class),
                'text',
            )
            ->addOption('output', 'o', InputOption::VALUE_REQUIRED, 'The preload script `generate` wrote (default: preload.php in the project root): what PHP refused at its last verification is left out here too')
            ->addOption('usage', null, InputOption::VALUE_REQUIRED, 'A usage store: plan as --strategy=hot does, keeping side-effect files the recorded requests only ever required');
        PlanInput::configure($this);
    }

    protected function execute(InputInterface $input, OutputInterface $output): int
    {
        $format = PlanInput::format($input, ...$this->renderers->formats(ExplainReport::class));
        $request = PlanInput::request($input);
        $stderr = $output instanceof ConsoleOutputInterface ? $output->getErrorOutput() : $output;
        $pipeline = new PlanPipeline($this->runner, progress: new ConsoleProgressLogger($stderr));
        $refused = $this->refusedAtLastVerification($input, $request->projectRoot);
        $options = PlanInput::options($input)->withForcedDrops($refused);
        $dsn = $input->getOption('usage');
        if (null !== $dsn) {
            $options = $options->withRequireEvidence(HotStrategy::evidenceOf(UsageStores::readTraffic((string) $dsn, (string) getcwd()), 'the recorded requests'));
        }
        $result = $pipeline->run($request, $options);
        $result = $this->fittedAtLastVerification($input, $request->projectRoot, $result, $options, $pipeline, $request->phpBinary);
        foreach ($result->warnings as $warning) {
            $stderr->writeln('<comment>Warning</comment> '.SettingOptions::describe($warning->message, $warning->setting, $this));
        }
        $explanation = (new Explainer())->explain($result->plan, $result->scan->inventory, (string) $input->getArgument('name'), (string) getcwd(), $result->scan, $result->locator);
        $explanation = $explanation->withNote(SettingOptions::describe($explanation->note, $explanation->about, $this));
        $this->renderers->write(new ExplainReport($explanation, $result->project->root), $format, $output);

        return $explanation->found ? Command::SUCCESS : Command::FAILURE;
    }

    /** The plan as `generate` fitted it to the php.ini: the planned files the script leaves out are out for that reason. */
    private function fittedAtLastVerification(InputInterface $input, string $projectRoot, PlanResult $result, PlanOptions $options, PlanPipeline $pipeline, ?string $phpBinary): PlanResult
    {
        $path = $this->scriptPath($input, $projectRoot);
        $script = is_file($path) ? (string) file_get_contents($path) : '';
        $why = RefusedHeader::fitted($script);
        if (null === $why) {
            return $result;
        }
        $compiled = array_flip(array_map(static fn (string $f): string => realpath($f) ?: $f, ScriptManifest::filesOf($script, $path)));
        $kept = [];
        $out = [];
        $leftOut = ScriptGenerator::exclusionsOf($result);
        foreach ($result->plan->included as $file) {
            if (isset($compiled[$file->path])) {
                $kept[] = $file->path;
            } else {
                $out[$file->path] = new Exclusion(DropReason::OverIniCapacity, $why);
            }
        }

        return [] === $out ? $result : $pipeline->replan($result, $options->withSeeds($kept, $result->plan->strategy, [...$leftOut, ...$out]), $phpBinary);
    }

    private function scriptPath(InputInterface $input, string $projectRoot): string
    {
        $given = $input->getOption('output');

        return null === $given ? $projectRoot.'/preload.php' : (str_starts_with((string) $given, '/') ? (string) $given : getcwd().'/'.$given);
    }

    /** @return array<string, string> what the script at --output records PHP refused, as forced drops */
    private function refusedAtLastVerification(InputInterface $input, string $projectRoot): array
    {
        $given = $input->getOption('output');
        $path = null === $given ? $projectRoot.'/preload.php' : (str_starts_with((string) $given, '/') ? (string) $given : getcwd().'/'.$given);
        if (!is_file($path)) {
            if (null !== $given) {
                throw new InvalidOption(\sprintf('--output=%s: no preload script there. Pass the path `preheat generate` wrote, or leave --output out.', $given));
            }

            return [];
        }

        return RefusedHeader::read((string) file_get_contents($path), $projectRoot);
    }
}
