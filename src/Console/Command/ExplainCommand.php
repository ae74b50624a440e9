<?php

declare(strict_types=1);

namespace Preheat\Console\Command;

use Preheat\Plan\Explainer;
use Preheat\Plan\PlanOptions;
use Preheat\Plan\PlanPipeline;
use Preheat\Process\ProcessRunner;
use Preheat\Progress\ConsoleProgressLogger;
use Preheat\Report\ExplanationRenderer;
use Symfony\Component\Console\Command\Command;
use Symfony\Component\Console\Input\InputArgument;
use Symfony\Component\Console\Input\InputInterface;
use Symfony\Component\Console\Input\InputOption;
use Symfony\Component\Console\Output\ConsoleOutputInterface;
use Symfony\Component\Console\Output\OutputInterface;

final class ExplainCommand extends Command
{
    public function __construct(private readonly ProcessRunner $runner)
    {
        parent::__construct('explain');
    }

    protected function configure(): void
    {
        $this
            ->setDescription('Tell whether a class or file is preloaded, and the chain of reasons if not')
            ->addArgument('name', InputArgument::REQUIRED, 'A class name (Foo\\Bar) or a file path')
            ->addOption('format', null, InputOption::VALUE_REQUIRED, 'text or json', 'text');
        PlanInput::configure($this);
    }

    protected function execute(InputInterface $input, OutputInterface $output): int
    {
        $format = PlanInput::format($input, 'text', 'json');
        $request = PlanInput::request($input);
        $stderr = $output instanceof ConsoleOutputInterface ? $output->getErrorOutput() : $output;
        $pipeline = new PlanPipeline($this->runner, progress: new ConsoleProgressLogger($stderr));
        $result = $pipeline->run($request, new PlanOptions($request->ignoreRules(), $request->includeDev));
        $explanation = (new Explainer())->explain($result->plan, $result->scan->inventory, (string) $input->getArgument('name'), (string) getcwd());
        $renderer = new ExplanationRenderer();
        if ('json' === $format) {
            $output->writeln((string) json_encode($renderer->json($explanation, $result->project->root), \JSON_PRETTY_PRINT | \JSON_UNESCAPED_SLASHES), OutputInterface::OUTPUT_RAW);
        } else {
            $output->writeln($renderer->text($explanation, $result->project->root));
        }

        return $explanation->found ? Command::SUCCESS : Command::FAILURE;
    }
}
