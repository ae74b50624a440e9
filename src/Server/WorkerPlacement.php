<?php

declare(strict_types=1);

namespace Preheat\Server;

use Preheat\Process\ProcessFailed;
use Preheat\Process\ProcessRunner;

/**
 * Spreads a server's PHP workers evenly over the cores this command may use: worker i (by PID) on
 * core i mod N, with `taskset`.
 *
 * Why: on a virtual machine each core meets its own noise (what the host's other guests run beside
 * it), and it moves by several percent from second to second, differently on each core. The kernel
 * wakes a worker where its web server runs, so left alone one scenario's whole stack tends to sit on
 * one core for seconds at a time, and two scenarios loaded together compare two cores' noise, not
 * two configurations. Spread, every scenario takes the same share of every core. The parent is left
 * alone: workers it forks later inherit its affinity (every core), and are spread at the next call.
 */
final class WorkerPlacement
{
    /** @var list<int>|null the cores this process may run on, read once */
    private ?array $cores = null;

    public function __construct(
        private readonly ProcessRunner $runner,
        private readonly string $proc = '/proc',
        private readonly string $taskset = 'taskset',
    ) {
    }

    /**
     * Pins each worker not yet on its core.
     *
     * @param list<int> $pids the server's workers now
     *
     * @return string|null why the workers could not be spread (they then run wherever the kernel puts them);
     *                     null when they are
     */
    public function spread(array $pids): ?string
    {
        $cores = $this->cores();
        if (\count($cores) < 2) {
            return null;
        }
        sort($pids);
        foreach ($pids as $index => $pid) {
            $core = $cores[$index % \count($cores)];
            $allowed = $this->allowed($pid);
            if (null === $allowed || [$core] === $allowed) {
                // Gone since it was listed, or already where it belongs.
                continue;
            }
            try {
                $result = $this->runner->run([$this->taskset, '-pc', (string) $core, (string) $pid], null, 10.0);
            } catch (ProcessFailed $failure) {
                return $failure->getMessage();
            }
            if (0 !== $result->exitCode && null !== $this->allowed($pid)) {
                return \sprintf(
                    '`%s` exited with code %d: %s',
                    $result->commandLine(),
                    $result->exitCode,
                    trim($result->stderr) ?: trim($result->stdout),
                );
            }
        }

        return null;
    }

    /** @return list<int> the cores this process may run on (its Cpus_allowed_list) */
    public function cores(): array
    {
        return $this->cores ??= $this->allowed('self') ?? [];
    }

    /** @return list<int>|null the cores a process may run on; null when it is gone or /proc does not say */
    private function allowed(int|string $pid): ?array
    {
        $status = @file_get_contents("{$this->proc}/$pid/status");
        if (false === $status || !preg_match('/^Cpus_allowed_list:\s*(\S+)/m', $status, $match)) {
            return null;
        }

        return self::parseList($match[1]);
    }

    /** @return list<int> "0-2,5" as [0, 1, 2, 5] */
    public static function parseList(string $list): array
    {
        $cores = [];
        foreach (explode(',', $list) as $part) {
            if (preg_match('/^(\d+)(?:-(\d+))?$/', trim($part), $range)) {
                array_push($cores, ...range((int) $range[1], (int) ($range[2] ?? $range[1])));
            }
        }

        return $cores;
    }
}
