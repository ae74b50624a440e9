<?php

declare(strict_types=1);

namespace Preheat\Bench\Load;

use Preheat\Process\ProcessFailed;
use Preheat\Process\ProcessResult;
use Preheat\Process\ProcessRunner;
use Preheat\Server\RuntimeError;
use Symfony\Component\Process\ExecutableFinder;

/** ApacheBench, as the published write-ups ran it: HTTP/1.0, one connection per request, `-l`. */
final class AbLoadGenerator implements BackgroundLoadGenerator
{
    public function __construct(
        private readonly ProcessRunner $runner,
        private readonly string $binary = 'ab',
    ) {
    }

    public function name(): string
    {
        return 'ab';
    }

    public function warmsUpInEachRun(): bool
    {
        return false;
    }

    public function run(LoadTarget $target, LoadSettings $settings, float $duration): LoadResult
    {
        return LoadRuns::wait([$this->start($target, $settings, $duration)])[0];
    }

    /** ab loads one page per run: one run per page, one after another, each for its share of the time. */
    public function start(LoadTarget $target, LoadSettings $settings, float $duration): LoadRun
    {
        $share = $duration / \count($target->paths);

        return new SequentialRuns(array_map(
            fn (string $page): \Closure => fn (): LoadRun => $this->startPage($target, $page, $settings, $share),
            $target->paths,
        ));
    }

    private function startPage(LoadTarget $target, string $page, LoadSettings $settings, float $duration): LoadRun
    {
        $binary = (new ExecutableFinder())->find($this->binary);
        if (null === $binary) {
            throw RuntimeError::missingBinary($this->binary, 'apache2-utils');
        }
        $command = [
            $binary, '-q', '-l',
            '-c', (string) $settings->concurrency,
            '-t', (string) max(1, (int) round($duration)),
            // Without -n, -t stops at 50,000 requests.
            '-n', '100000000',
            '-s', (string) max(1, (int) ceil($settings->timeout)),
            $target->baseUrl.$page,
        ];

        return new ToolRun(
            ToolProcess::start($this->runner, $command, $settings->toolTimeLimit($duration)),
            static fn (
                ProcessResult $result,
                float $cpu,
            ): LoadResult => self::parse(
                $result->stdout,
                $cpu,
                $settings->concurrency,
                $result->exitCode,
                $result->stderr,
            ),
        );
    }

    public static function parse(
        string $output,
        ?float $cpu,
        int $concurrency,
        int $exitCode = 0,
        string $stderr = '',
    ): LoadResult {
        $number = static fn (string $label): ?float => preg_match(
            '/^'.preg_quote($label, '/').':\s+([\d.]+)/m',
            $output,
            $m,
        ) ? (float) $m[1] : null;
        $complete = $number('Complete requests');
        $seconds = $number('Time taken for tests');
        if (null === $complete || null === $seconds) {
            throw ProcessFailed::unreadableOutput('ab', [], $exitCode, $stderr, $output);
        }
        $percentile = static fn (int $p): ?float => preg_match(
            '/^\s+'.$p.'%\s+(\d+)/m',
            $output,
            $m,
        ) ? (float) $m[1] : null;
        preg_match('/\(Connect: (\d+), Receive: (\d+), Length: (\d+), Exceptions: (\d+)\)/', $output, $failed);

        return new LoadResult(
            tool: 'ab',
            requests: (int) $complete,
            seconds: $seconds,
            latency: new Latency(
                meanMs: $number('Time per request'),
                p50Ms: $percentile(50),
                p90Ms: $percentile(90),
                p99Ms: $percentile(99),
            ),
            failures: new RequestFailures(
                non2xx: (int) $number('Non-2xx responses'),
                // With -l, "Length" failures are expected (pages vary); connect, receive and exceptions are not.
                socketErrors: isset($failed[1]) ? (int) $failed[1] + (int) $failed[2] + (int) $failed[4] : 0,
                timeouts: 0,
            ),
            toolCpuSeconds: $cpu,
            concurrency: $concurrency,
        );
    }
}
