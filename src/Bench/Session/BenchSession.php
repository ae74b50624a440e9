<?php

declare(strict_types=1);

namespace Preheat\Bench\Session;

use Preheat\Bench\BenchResult;
use Preheat\Bench\BenchRunner;
use Preheat\Bench\Compare\Assertion\Assertion;
use Preheat\Bench\Compare\Assertion\AssertionEvaluator;
use Preheat\Bench\Compare\Assertion\AssertionParser;
use Preheat\Bench\Compare\ReportReader;
use Preheat\Bench\Config\BenchConfig;
use Preheat\Bench\Config\BenchConfigCheck;
use Preheat\Process\InterruptGuard;
use Preheat\Progress\ProgressLogger;
use Preheat\Server\ProcessSupervisor;

/**
 * `bench` from a request to a result: the configuration loaded and checked, the assertions read and the earlier
 * report compared with, all before any server starts; then the run, its servers stopped and its work directory
 * removed however it ends.
 */
final class BenchSession
{
    public function __construct(private readonly BenchFactory $factory, private readonly BenchConfigCheck $limits)
    {
    }

    public function run(BenchRequest $request, ProgressLogger $progress): BenchOutcome
    {
        $config = $this->factory->loader()->load($request->project, $request->configFile, $request->overrides);
        // Before any server starts: counts this machine cannot hold are refused here.
        $this->limits->check($config);
        // So are assertions that cannot be read and an earlier report that cannot be compared with.
        $assertions = array_map(
            static fn (string $expression): Assertion => (new AssertionParser())->parse($expression),
            $request->assertions,
        );
        $earlier = null === $request->baselineFile ? null : (new ReportReader())->read($request->baselineFile);
        $evaluator = new AssertionEvaluator($request->strictAssertions);
        $evaluator->check(
            $assertions,
            array_map(static fn ($spec): string => $spec->name, $config->scenarios),
            $config->baseline()->name,
            null !== $earlier,
        );
        $supervisor = $this->factory->supervisor();
        // Found once: every runtime and every verification of this run uses the same ini, sizes and user.
        $php = $config->serve->installation($this->factory->processes, $request->poolUser);
        $bench = $this->factory->runner($config, $php, $supervisor, $progress);
        $progress->finish(\sprintf(
            'php.ini %s%s',
            $php->settings->describe(),
            null === $php->user ? '' : \sprintf('; workers run as %s (%s)', $php->user, $php->userSource),
        ));

        return new BenchOutcome(
            $this->measure($bench, $config, $supervisor),
            $config->serve->projectRoot,
            $assertions,
            $evaluator,
            $earlier,
            $request->baselineFile,
            $request->strictAssertions,
        );
    }

    private function measure(BenchRunner $bench, BenchConfig $config, ProcessSupervisor $supervisor): BenchResult
    {
        $workDirectory = sys_get_temp_dir().'/preheat-bench-'.bin2hex(random_bytes(4));
        $processes = $this->factory->processes;
        $cleanUp = static function () use ($supervisor, $processes, $workDirectory): void {
            $supervisor->stopAll();
            if (is_dir($workDirectory)) {
                // The pool's user may own what the workers wrote.
                $processes->run(['rm', '-rf', $workDirectory]);
            }
        };
        // Interrupted or ended by a fatal error, the guard runs it too, after the servers' own stop (started
        // later, they are stopped first).
        $guard = InterruptGuard::instance();
        $pending = $guard->stopOnExit($cleanUp);
        try {
            return $bench->run($config, $workDirectory);
        } finally {
            $guard->forget($pending);
            $cleanUp();
        }
    }
}
