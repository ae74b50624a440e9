<?php

declare(strict_types=1);

namespace Preheat\Seeds;

use Preheat\Process\ChildCpu;
use Preheat\Server\ProcessSupervisor;
use Preheat\Server\Runtime;

/**
 * Runs ab or wrk against one URL of a running server, bounded in requests and in time, and samples the
 * PSS of the server's PHP processes while it runs (the highest per process), so that a row says what
 * memory the load cost and whether it stayed flat.
 */
final class LoadRunner
{
    private const SAMPLE_SECONDS = 0.2;

    public function __construct(
        private readonly ProcessSupervisor $supervisor,
        private readonly Deadline $deadline,
        private readonly float $timeLimit = 4.0,
        private readonly int $responseTimeout = 10,
    ) {
    }

    /**
     * `ab -k -r -t T -n REQUESTS -c C -s S URL`: keep-alive, receive errors counted instead of ending the run.
     *
     * @param (\Closure(): list<int>)|null $memory the PSS of the processes that serve the URL (default: the runtime's PHP workers)
     */
    public function ab(Runtime $runtime, string $path, int $concurrency, int $requests, ?\Closure $memory = null): Measurement
    {
        if ($this->deadline->passed()) {
            return Measurement::broken('ab', 0, 'skipped: the seeds run reached its time bound');
        }
        // -t before -n: ab's -t sets the request count to 50,000, -n after it sets it back; ab stops at whichever comes first.
        $command = ['ab', '-k', '-r', '-q', '-t', (string) (int) ceil($this->timeLimit), '-n', (string) $requests, '-c', (string) $concurrency,
            '-s', (string) $this->responseTimeout, $runtime->url($path)];
        [$stdout, $stderr, $idle, $peak, $cpu, $wall] = $this->run($memory ?? $runtime->workerMemory(...), $command);

        $run = AbOutput::parse($stdout, $stderr, $requests);

        return $run->withMemory($idle, $peak)->withToolCpu($cpu, $run->seconds > 0 ? $run->seconds : $wall);
    }

    /** `wrk -t 2 -c C -d Ts --latency --timeout S URL`: keep-alive, HTTP/1.1, closed loop. */
    public function wrk(Runtime $runtime, string $path, int $concurrency, int $seconds): Measurement
    {
        if ($this->deadline->passed()) {
            return Measurement::broken('wrk', 0, 'skipped: the seeds run reached its time bound');
        }
        $command = ['wrk', '-t', '2', '-c', (string) $concurrency, '-d', $seconds.'s', '--latency', '--timeout', $this->responseTimeout.'s', $runtime->url($path)];
        [$stdout, $stderr, $idle, $peak, $cpu, $wall] = $this->run($runtime->workerMemory(...), $command);

        $run = WrkOutput::parse($stdout, $stderr);

        return $run->withMemory($idle, $peak)->withToolCpu($cpu, $run->seconds > 0 ? $run->seconds : $wall);
    }

    /**
     * @param \Closure(): list<int> $memory
     * @param list<string>          $command
     *
     * @return array{string, string, ?int, ?int, float, float} stdout, stderr, PSS per process before and at the
     *                                                         peak, the tool's CPU seconds and its wall seconds
     */
    private function run(\Closure $memory, array $command): array
    {
        $idle = self::largest($memory());
        $peak = $idle;
        // The tool is the only child that ends during the run: what finished children used meanwhile is its CPU.
        $cpuBefore = ChildCpu::seconds();
        $started = microtime(true);
        $process = $this->supervisor->start($command);
        // The tools bound themselves (-t, -d, -s); this bounds a tool that hangs anyway.
        $stopAt = microtime(true) + $this->timeLimit + $this->responseTimeout + 15;
        while ($process->isRunning() && microtime(true) < $stopAt) {
            usleep((int) (self::SAMPLE_SECONDS * 1e6));
            $now = self::largest($memory());
            $peak = null === $now ? $peak : max($peak ?? 0, $now);
        }
        $wall = microtime(true) - $started;
        $stdout = $process->output();
        $stderr = $process->errorOutput();
        $this->supervisor->stop($process);

        return [$stdout, $stderr, $idle, $peak, ChildCpu::seconds() - $cpuBefore, $wall];
    }

    /** @param list<int> $memory */
    private static function largest(array $memory): ?int
    {
        return [] === $memory ? null : max($memory);
    }
}
