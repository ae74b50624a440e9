<?php

declare(strict_types=1);

namespace Preheat\Console\Command;

use Preheat\Console\Option\InvalidOption;
use Preheat\Console\Option\SettingOptions;
use Preheat\Plan\PlanOptions;
use Preheat\Plan\PlanPipeline;
use Preheat\Plan\Strategy\HotStrategy;
use Preheat\Process\ProcessRunner;
use Preheat\Progress\ConsoleProgressLogger;
use Preheat\Progress\Timings;
use Preheat\Report\ExplainReport;
use Preheat\Report\Formats\Renderers;
use Preheat\Report\TimingTableRenderer;
use Preheat\Script\Generate\ExplainService;
use Preheat\Script\Write\RecordedConstraints;
use Preheat\Script\Write\ScriptManifest;
use Preheat\Usage\UsageStores;
use Preheat\Util\BoundedRead;
use Preheat\Util\BoundedReadError;
use Symfony\Component\Console\Command\Command;
use Symfony\Component\Console\Formatter\OutputFormatter;
use Symfony\Component\Console\Input\InputArgument;
use Symfony\Component\Console\Input\InputInterface;
use Symfony\Component\Console\Input\InputOption;
use Symfony\Component\Console\Output\ConsoleOutputInterface;
use Symfony\Component\Console\Output\OutputInterface;

final class ExplainCommand extends Command
{
    /** What `preheat help explain` shows: what it does, examples, exit codes. */
    private const HELP = <<<'HELP'
        Says whether a class or file is in the plan, and if not, the chain of reasons (not autoloaded, a side effect,
        refused by PHP at the last verification...).

        Examples:
          <info>preheat %command.name% 'App\Http\Kernel'</info>
          <info>preheat %command.name% vendor/laravel/framework/src/Illuminate/Foundation/helpers.php</info>
          <info>preheat %command.name% 'App\Thing' --store=preheat-usage.log --script=preload.php --format=json</info>

        Exit codes: 0 preloaded, 1 left out (the reasons say why), 2 bad input.
        HELP;

    public function __construct(
        private readonly ProcessRunner $runner,
        private readonly Renderers $renderers,
    ) {
        parent::__construct('explain');
    }

    protected function configure(): void
    {
        $this
            ->setHelp(self::HELP)
            ->setDescription('Tell whether a class or file is preloaded, and the chain of reasons if not')
            ->addArgument('name', InputArgument::REQUIRED, 'A class name (Foo\\Bar) or a file path')
            ->addOption(
                'format',
                null,
                InputOption::VALUE_REQUIRED,
                $this->renderers->choices(ExplainReport::class),
                'text',
                $this->renderers->formats(ExplainReport::class),
            )
            ->addOption(
                'script',
                null,
                InputOption::VALUE_REQUIRED,
                'The preload script `generate` wrote (default: preload.php in the project root): what PHP refused at '.
                'its last verification is left out here too',
            )
            ->addOption(
                'store',
                null,
                InputOption::VALUE_REQUIRED,
                'A usage store: plan as --strategy=hot does, keeping side-effect files the recorded requests only '.
                'ever required',
            );
        PlanInput::configure($this);
    }

    protected function execute(InputInterface $input, OutputInterface $output): int
    {
        $format = PlanInput::format($input, ...$this->renderers->formats(ExplainReport::class));
        $request = PlanInput::request($input);
        $stderr = $output instanceof ConsoleOutputInterface ? $output->getErrorOutput() : $output;
        // As generate: every process through the timed runner, the table with -vv.
        $timings = new Timings();
        $pipeline = new PlanPipeline(
            new TimedProcessRunner($this->runner, $timings),
            progress: new ConsoleProgressLogger($stderr),
            timings: $timings,
        );
        // What PHP refused at the script's last verification, and the fit it was made with, are left out here
        // too: planned through a session, as `generate` planned it.
        $recorded = $this->recordedAtLastVerification($input, $request->projectRoot);
        [$result, $explanation] = (new ExplainService($pipeline))->explain(
            $request,
            $this->options($input),
            $recorded,
            (string) $input->getArgument('name'),
            (string) getcwd(),
        );
        foreach ($result->warnings as $warning) {
            $stderr->writeln(
                '<comment>Warning</comment> '.OutputFormatter::escape(
                    SettingOptions::describe($warning->message, $warning->setting, $this),
                ),
            );
        }
        $explanation = $explanation->withNote(SettingOptions::describe($explanation->note, $explanation->about, $this));
        $this->renderers->write(new ExplainReport($explanation, $result->project->root), $format, $output);
        if ($output->isVeryVerbose()) {
            $stderr->writeln((new TimingTableRenderer())->render($timings->report()), OutputInterface::OUTPUT_RAW);
        }

        return $explanation->found ? Command::SUCCESS : Command::FAILURE;
    }

    /** The plan's options; with --store, the files the recorded requests loaded count as required. */
    private function options(InputInterface $input): PlanOptions
    {
        $options = PlanInput::options($input);
        $dsn = $input->getOption('store');
        if (null === $dsn) {
            return $options;
        }
        $traffic = UsageStores::readTraffic((string) $dsn, (string) getcwd());

        return $options->withRequireEvidence(HotStrategy::evidenceOf($traffic, 'the recorded requests'));
    }

    private function scriptPath(InputInterface $input, string $projectRoot): string
    {
        $given = $input->getOption('script');
        if (null === $given) {
            return $projectRoot.'/preload.php';
        }

        return str_starts_with((string) $given, '/') ? (string) $given : getcwd().'/'.$given;
    }

    /** What the script at --script records of its last verification (none when there is no script). */
    private function recordedAtLastVerification(InputInterface $input, string $projectRoot): RecordedConstraints
    {
        $given = $input->getOption('script');
        $path = $this->scriptPath($input, $projectRoot);
        if (!is_file($path)) {
            if (null !== $given) {
                $message = \sprintf(
                    '--script=%s: no preload script there. '.
                    'Pass the path `preheat generate` wrote, or leave --script out.',
                    $given,
                );

                throw new InvalidOption($message);
            }

            return RecordedConstraints::none();
        }

        try {
            $script = BoundedRead::file($path, ScriptManifest::MAX_SCRIPT_BYTES);
        } catch (BoundedReadError $error) {
            throw new InvalidOption(\sprintf(
                'Cannot read the preload script %s: %s. Pass the path `preheat generate` wrote.',
                $path,
                $error->reason,
            ));
        }

        return RecordedConstraints::of($script, $path, $projectRoot);
    }
}
