<?php

declare(strict_types=1);

namespace Preheat\Bench\Session;

use Preheat\Bench\BenchRunner;
use Preheat\Bench\Config\BenchConfig;
use Preheat\Bench\Config\BenchConfigLoader;
use Preheat\Bench\Gate\BodyMasker;
use Preheat\Bench\Gate\CorrectnessGate;
use Preheat\Bench\Layering\ScenarioLayering;
use Preheat\Bench\Load\BackgroundLoadGenerator;
use Preheat\Bench\Load\Tool\LoadTools;
use Preheat\Bench\ScenarioPreparer;
use Preheat\Php\PhpInstallation;
use Preheat\Plan\PlanPipeline;
use Preheat\Plan\Strategy\Strategies;
use Preheat\Process\NullProcessObserver;
use Preheat\Process\ProcessObserver;
use Preheat\Process\ProcessRunner;
use Preheat\Progress\ProgressLogger;
use Preheat\Script\Generate\ScriptGenerator;
use Preheat\Script\Verify\PreloadVerifier;
use Preheat\Server\ProcessSupervisor;
use Preheat\Server\Serve\RuntimeRegistry;
use Preheat\Server\WorkerPlacement;

/**
 * The object graph of a benchmark, built in one place: the loader of its configuration, the supervisor of its
 * servers and the runner with everything it drives, from the registries of runtimes, load tools and strategies
 * the console built.
 */
final class BenchFactory
{
    public function __construct(
        public readonly ProcessRunner $processes,
        public readonly RuntimeRegistry $runtimes,
        public readonly LoadTools $tools,
        public readonly Strategies $strategies,
        private readonly ProcessObserver $observer = new NullProcessObserver(),
    ) {
    }

    public function loader(): BenchConfigLoader
    {
        return new BenchConfigLoader($this->runtimes, $this->tools, $this->strategies);
    }

    /** One for the run: it owns the signal handlers that stop every server on Ctrl-C. */
    public function supervisor(): ProcessSupervisor
    {
        return new ProcessSupervisor($this->processes, observer: $this->observer);
    }

    /** The runner of $config's scenarios, every runtime and verification on the one PHP installation found. */
    public function runner(
        BenchConfig $config,
        PhpInstallation $php,
        ProcessSupervisor $supervisor,
        ProgressLogger $progress,
    ): BenchRunner {
        $serve = $config->serve;
        $tool = $config->load->tool;
        $load = $tool->generator($this->processes, $serve->binaries, $php->user);
        if ($tool->loadsTogether() && !$load instanceof BackgroundLoadGenerator) {
            // Together, the runner would load its scenarios in turns all the same, and report them as together.
            throw new \LogicException(\sprintf(
                'The load tool %s says it loads together, but its generator loads nothing in the background.',
                $tool->name(),
            ));
        }
        $runtimes = $serve->runtimes($php, $supervisor);
        $pipeline = new PlanPipeline($this->processes, progress: $progress);
        $verifier = new PreloadVerifier($this->processes);

        return new BenchRunner(
            new ScenarioPreparer(
                new ScriptGenerator($pipeline, $verifier, progress: $progress),
                $verifier,
                // Recording traffic for hot needs load through the web server: the default tool's.
                $config->load->tool->runsPhp()
                    ? $this->tools->default()->generator($this->processes, $serve->binaries, $php->user)
                    : $load,
                $runtimes,
                $this->processes,
                new ScenarioLayering($pipeline, $this->processes, $php, $progress),
                $progress,
            ),
            $runtimes,
            CorrectnessGate::overLoopback($serve->requestTimeout, new BodyMasker($config->masks)),
            $load,
            $progress,
            kinds: $serve->kinds($this->runtimes, $php, $supervisor),
            placement: new WorkerPlacement($this->processes),
        );
    }
}
