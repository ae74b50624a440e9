<?php

declare(strict_types=1);

namespace Preheat\Seeds;

use Preheat\Process\ProcessRunner;

/**
 * Measures tables 2 and 3 on the micro workloads: starts the servers once per table (every server of a
 * table at the same time, so that each round runs every row once, the rows interleaved), runs the bounded
 * load, and stops every server by PID.
 */
final class SeedsRun
{
    public function __construct(
        private readonly Stacks $stacks,
        private readonly LoadRunner $load,
        private readonly RunNotes $notes,
        private readonly \Closure $progress,
    ) {
    }

    public function serverTable(Results $results): void
    {
        $stacks = $this->startAll(ServerTable::STACKS, $this->notes->workers, $results);
        try {
            for ($round = 1; $round <= $this->notes->repeats; ++$round) {
                foreach (ServerTable::PAGES as $page => [$path, $label]) {
                    foreach (ServerTable::CONCURRENCY as $concurrency) {
                        foreach ($stacks as $stack) {
                            if (null === $stack->runtime) {
                                continue;
                            }
                            ($this->progress)(\sprintf('table 2, round %d/%d: %s, c = %d, %s', $round, $this->notes->repeats, $label, $concurrency, $stack->label));
                            $results->add(ServerTable::abKey($page, $concurrency, $stack->key), $this->load->ab($stack->runtime, $path, $concurrency, ServerTable::REQUESTS));
                        }
                    }
                    foreach ($stacks as $stack) {
                        if (null !== $stack->runtime) {
                            ($this->progress)(\sprintf('table 2, round %d/%d: %s, wrk, %s', $round, $this->notes->repeats, $label, $stack->label));
                            $results->add(ServerTable::wrkKey($page, $stack->key), $this->load->wrk($stack->runtime, $path, ServerTable::WRK_CONCURRENCY, $this->notes->wrkSeconds));
                        }
                    }
                }
            }
        } finally {
            $this->stopAll($stacks);
        }
    }

    public function eventServerTable(Results $results): void
    {
        $stacks = $this->startAll(EventServerTable::STACKS, $this->notes->workers, $results);
        try {
            for ($round = 1; $round <= $this->notes->repeats; ++$round) {
                foreach ($stacks as $stack) {
                    if (null === $stack->runtime) {
                        continue;
                    }
                    $helloKey = ServerTable::abKey('hello', EventServerTable::CONCURRENCY, $stack->key);
                    if (\count($results->repeats($helloKey)->runs) < $this->notes->repeats) {
                        ($this->progress)(\sprintf('table 3, round %d/%d: hello world, %s', $round, $this->notes->repeats, $stack->label));
                        $results->add($helloKey, $this->load->ab($stack->runtime, '/hello.php', EventServerTable::CONCURRENCY, ServerTable::REQUESTS));
                    }
                    ($this->progress)(\sprintf('table 3, round %d/%d: SQLite page, %s', $round, $this->notes->repeats, $stack->label));
                    $results->add(EventServerTable::sqliteKey($stack->key), $this->load->ab($stack->runtime, EventServerTable::SQLITE_PATH, EventServerTable::CONCURRENCY, ServerTable::REQUESTS));
                    foreach (EventServerTable::FILE_LOAD as $file => [$concurrency, $requests]) {
                        foreach (EventServerTable::fileRows($file) as $row => [$label, $on, $path]) {
                            if ($on !== $stack->key) {
                                continue;
                            }
                            ($this->progress)(\sprintf('table 3, round %d/%d: %s file, %s', $round, $this->notes->repeats, $file, $label));
                            $memory = EventServerTable::NGINX_STATIC === $row ? static fn (): array => Stacks::nginxMemory($stack) : null;
                            $results->add(EventServerTable::fileKey($file, $row), $this->load->ab($stack->runtime, $path, $concurrency, $requests, $memory));
                        }
                    }
                }
            }
        } finally {
            $this->stopAll($stacks);
        }

        $scaling = [];
        foreach (EventServerTable::SCALING as $workers) {
            $scaling[$workers] = $this->startAll(EventServerTable::STACKS, $workers, $results);
        }
        try {
            for ($round = 1; $round <= $this->notes->repeats; ++$round) {
                foreach ($scaling as $workers => $stacks) {
                    foreach ($stacks as $stack) {
                        if (null !== $stack->runtime) {
                            ($this->progress)(\sprintf('table 3, round %d/%d: scaling, %s × %d', $round, $this->notes->repeats, $stack->label, $workers));
                            $results->add(EventServerTable::scalingKey($workers, $stack->key), $this->load->ab($stack->runtime, '/hello.php', EventServerTable::CONCURRENCY, ServerTable::REQUESTS));
                        }
                    }
                }
            }
        } finally {
            foreach ($scaling as $stacks) {
                $this->stopAll($stacks);
            }
        }
    }

    /**
     * @param list<string> $keys
     *
     * @return list<Stack>
     */
    private function startAll(array $keys, int $workers, Results $results): array
    {
        $stacks = [];
        foreach ($keys as $key) {
            ($this->progress)(\sprintf('starting %s with %d PHP processes', Stacks::LABELS[$key], $workers));
            $stack = $this->stacks->start($key, $workers);
            if (null !== $stack->unavailable) {
                ($this->progress)(Stacks::LABELS[$key].': '.$stack->unavailable);
                $results->markUnavailable($key, $stack->unavailable);
            }
            $stacks[] = $stack;
        }

        return $stacks;
    }

    /** @param list<Stack> $stacks */
    private function stopAll(array $stacks): void
    {
        foreach ($stacks as $stack) {
            $this->stacks->stop($stack);
        }
    }

    /** Runs `preheat bench` on the demo for table 1 and returns where it wrote report.json. */
    public static function preloadBench(ProcessRunner $runner, string $root, string $out, int $repeats, int $seconds, \Closure $progress): string
    {
        $progress('table 1: preheat bench on the demo (none, all, trace; ab -c 50); generating the scripts first');
        $result = $runner->run([
            \PHP_BINARY, $root.'/bin/preheat', 'bench', '--project='.$root.'/demo', '--tool=ab', '--concurrency=50', '--url=/',
            '--scenario=none=none', '--scenario=all=all', '--scenario=trace=trace',
            // At least $repeats rounds; more while the gains' intervals are wide, within two minutes of rounds.
            '--rounds='.$repeats, '--max-time=120s', '--duration='.$seconds, '--warmup=2', '--out='.$out,
            // The table sets req/s beside published ones: each server alone on the machine, as they measured.
            '--schedule=turns',
        ], $root, 900);
        $progress(rtrim($result->stdout));
        if (!is_file($out.'/report.json')) {
            throw new \RuntimeException("preheat bench wrote no report (exit code {$result->exitCode}):\n".$result->stderr);
        }

        return $out.'/report.json';
    }
}
