<?php

declare(strict_types=1);

namespace Preheat\Tests\Fault;

use PHPUnit\Framework\Attributes\DataProvider;
use PHPUnit\Framework\Attributes\Group;
use PHPUnit\Framework\TestCase;
use Symfony\Component\Process\Process;

/**
 * The fault and bad-input suite: runs every case of the catalogues in its own sandbox and checks
 * what it expects, then that no process Preheat started is alive and, unless the case kills Preheat
 * with SIGKILL, that no file of Preheat's is left in the case's temp dir or project.
 * `scripts/fault-table.php` runs it and prints the table of doc/reliability.md.
 */
#[Group('fault')]
final class FaultSuiteTest extends TestCase
{
    /**
     * Seconds a process Preheat started may take to go once Preheat has exited (a server's master reaping its workers):
     * ten times what it takes on an idle machine, so that a busy one does not fail a case; a clean case waits none of it.
     */
    private const GRACE = 30.0;

    /** @return iterable<string, array{FaultCase}> */
    public static function cases(): iterable
    {
        foreach (FaultCases::all() as $id => $case) {
            yield $id => [$case];
        }
    }

    #[DataProvider('cases')]
    public function testCase(FaultCase $case): void
    {
        $sandbox = new Sandbox();
        $watch = null;
        try {
            $run = ($case->arrange)($sandbox);
            $before = self::listing($sandbox->project);
            $hashes = [];
            foreach ($case->expect->unchanged as $file) {
                $hashes[$file] = @hash_file('sha256', $sandbox->project.'/'.$file);
            }

            [$watch, $outcome] = self::execute($sandbox, $run);
            $problems = [...$outcome->problems, ...self::check($case, $sandbox, $outcome, $before, $hashes)];
            $left = self::waitForEnd($watch);
            if ([] !== $left) {
                $problems[] = 'left running: '.implode('; ', array_map(static fn (int $pid, string $command): string => $pid.' '.$command, array_keys($left), $left));
            }
            if (null !== $case->expect->after) {
                array_push($problems, ...($case->expect->after)($sandbox, $outcome));
            }

            self::assertSame([], $problems, $case->id.': '.$case->does."\n--- output (exit ".implode('/', array_map('strval', $outcome->exitCodes)).") ---\n".mb_strcut($outcome->output, 0, 4000));
        } finally {
            if (null !== $watch) {
                foreach (array_keys($watch->alive()) as $pid) {
                    posix_kill($pid, \SIGKILL);
                }
            }
            $sandbox->remove();
        }
    }

    /** @return array{Watch, Outcome} */
    private static function execute(Sandbox $sandbox, Run $run): array
    {
        $env = ['TMPDIR' => $sandbox->tmp, 'XDG_CACHE_HOME' => $sandbox->cache, 'COLUMNS' => '200', ...$run->env];
        $processes = [];
        for ($i = 0; $i < $run->copies; ++$i) {
            $process = new Process([\PHP_BINARY, $run->script ?? \dirname(__DIR__, 2).'/bin/preheat', ...$run->arguments], $sandbox->root, $env, null, null);
            $process->start();
            $processes[] = $process;
        }
        $watch = new Watch($sandbox, $processes);
        $pending = $run->during;
        $deadline = microtime(true) + $run->timeoutSeconds;
        while (self::anyRunning($processes)) {
            $watch->scan();
            foreach ($pending as $key => $hook) {
                if ($hook($watch)) {
                    unset($pending[$key]);
                }
            }
            if (microtime(true) > $deadline) {
                $watch->problem("still running after {$run->timeoutSeconds} s: killed");
                foreach ($processes as $process) {
                    $process->stop(0, \SIGKILL);
                }
                break;
            }
            usleep(40_000);
        }
        $watch->scan();
        if ([] !== $pending) {
            $watch->problem(\count($pending).' action(s) of the case never happened: Preheat ended before');
        }
        $codes = array_map(static fn (Process $p): ?int => $p->getExitCode(), $processes);

        return [$watch, new Outcome($codes, $watch->output(), $watch->problems())];
    }

    /** @param list<Process> $processes */
    private static function anyRunning(array $processes): bool
    {
        foreach ($processes as $process) {
            if ($process->isRunning()) {
                return true;
            }
        }

        return false;
    }

    /**
     * @param list<string>                $before the project's files before the run
     * @param array<string, string|false> $hashes
     *
     * @return list<string>
     */
    private static function check(FaultCase $case, Sandbox $sandbox, Outcome $outcome, array $before, array $hashes): array
    {
        $expect = $case->expect;
        $problems = [];
        foreach ($outcome->exitCodes as $code) {
            if (!\in_array($code, $expect->exit, true)) {
                $problems[] = 'exit '.var_export($code, true).', expected '.implode(' or ', $expect->exit);
            }
        }
        if (null !== $expect->output && 1 !== preg_match($expect->output, $outcome->output)) {
            $problems[] = 'the output does not say '.$expect->output;
        }
        if (null !== $expect->notOutput && 1 === preg_match($expect->notOutput, $outcome->output)) {
            $problems[] = 'the output says '.$expect->notOutput;
        }
        foreach ($hashes as $file => $hash) {
            if (@hash_file('sha256', $sandbox->project.'/'.$file) !== $hash) {
                $problems[] = $file.' changed';
            }
        }
        if ($expect->cleanTemp) {
            $added = array_filter(
                array_diff(self::listing($sandbox->project), $before),
                static fn (string $file): bool => [] === array_filter($expect->creates, static fn (string $pattern): bool => fnmatch($pattern, $file)),
            );
            if ([] !== $added) {
                $problems[] = 'left in the project: '.implode(', ', $added);
            }
            $temp = array_map(static fn (string $f): string => substr($f, \strlen($sandbox->tmp) + 1), Watch::files($sandbox->tmp, 1));
            if ([] !== $temp) {
                $problems[] = 'left in the temp dir: '.implode(', ', $temp);
            }
        }

        return $problems;
    }

    /** @return array<int, string> what is still alive after the grace period */
    private static function waitForEnd(Watch $watch): array
    {
        $until = microtime(true) + self::GRACE;
        do {
            $alive = $watch->alive();
            if ([] === $alive) {
                return [];
            }
            usleep(100_000);
        } while (microtime(true) < $until);

        return $alive;
    }

    /** @return list<string> every file and directory under $directory, relative to it (bounded: a case's project is small) */
    private static function listing(string $directory): array
    {
        $all = [];
        foreach (Watch::files($directory, 6) as $path) {
            $all[] = substr($path, \strlen($directory) + 1);
        }
        sort($all);

        return $all;
    }
}
