<?php

declare(strict_types=1);

namespace Preheat\Tests\Support;

use Preheat\Bench\Load\Latency;
use Preheat\Bench\Load\LoadGenerator;
use Preheat\Bench\Load\LoadResult;
use Preheat\Bench\Load\LoadSettings;
use Preheat\Bench\Load\LoadTarget;
use Preheat\Bench\Load\RequestFailures;

/**
 * Answers each run at once with the req/s a test chose per base URL, and remembers every run; a hook
 * can make a run void, kill a runtime or throw, as the test needs. Given the runtimes, it charges each
 * run's CPU (requests × the CPU per request chosen per base URL) to the runtime it loaded.
 */
final class FakeLoadGenerator implements LoadGenerator
{
    /** @var list<array{string, float}> base URL and duration of each run, in order */
    public array $runs = [];

    /** @var (\Closure(int, LoadTarget): ?LoadResult)|null */
    private ?\Closure $hook;

    /**
     * @param array<string, float>                          $rps              req/s by base URL (100 where not given)
     * @param (callable(int, LoadTarget): ?LoadResult)|null $hook             called with the run's number (from 1) before it is answered; a result it returns is the answer
     * @param array<string, float>                          $cpuMsPerRequest  PHP CPU per request by base URL (5 ms where not given), charged when $runtimes is given
     * @param bool                                          $warmsUpInEachRun as the callgrind tool does
     */
    public function __construct(
        private readonly array $rps = [],
        ?callable $hook = null,
        private readonly array $cpuMsPerRequest = [],
        private readonly ?FakeRuntimes $runtimes = null,
        private readonly bool $warmsUpInEachRun = false,
    ) {
        $this->hook = null === $hook ? null : $hook(...);
    }

    public function name(): string
    {
        return 'wrk';
    }

    public function warmsUpInEachRun(): bool
    {
        return $this->warmsUpInEachRun;
    }

    public function run(LoadTarget $target, LoadSettings $settings, float $duration): LoadResult
    {
        $this->runs[] = [$target->baseUrl, $duration];
        $answer = null === $this->hook ? null : ($this->hook)(\count($this->runs), $target);

        $answer ??= self::result($this->rps[$target->baseUrl] ?? 100.0, $duration);
        foreach ($this->runtimes->started ?? [] as $runtime) {
            if ($runtime->baseUrl() === $target->baseUrl) {
                // The PHP workers also finish the requests the tool still had in flight when it stopped (one per connection): served, not counted by the tool.
                $served = $answer->requests + $settings->concurrency;
                $runtime->served($served * ($this->cpuMsPerRequest[$target->baseUrl] ?? 5.0) / 1000, $served);
            }
        }

        return $answer;
    }

    public static function result(float $rps, float $duration, int $non2xx = 0): LoadResult
    {
        return new LoadResult(
            tool: 'wrk',
            requests: (int) ($rps * $duration),
            seconds: $duration,
            latency: new Latency(meanMs: 10.0, p50Ms: 9.0, p90Ms: 15.0, p99Ms: 30.0),
            failures: new RequestFailures(non2xx: $non2xx, socketErrors: 0, timeouts: 0),
            toolCpuSeconds: 0.5,
            concurrency: 4,
        );
    }
}
