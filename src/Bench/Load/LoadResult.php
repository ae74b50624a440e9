<?php

declare(strict_types=1);

namespace Preheat\Bench\Load;

/**
 * One measured run of one page. A run with any non-2xx answer, socket error or timeout is void:
 * its numbers are kept for the record but never enter the statistics.
 *
 * Besides what the load tool saw, a run may carry what was measured of the server while it ran: the
 * CPU seconds its PHP processes used (sampled right before and after the run) and the requests they
 * served meanwhile by the server's own count (the tool's count leaves out those still in flight when
 * it stopped), and the CPU instructions an instruction-counting tool counted (InstructionCounts). Null where not
 * measured.
 */
final class LoadResult
{
    public function __construct(
        public readonly string $tool,
        public readonly int $requests,
        public readonly float $seconds,
        public readonly Latency $latency,
        public readonly RequestFailures $failures,
        public readonly ?float $toolCpuSeconds,
        public readonly int $concurrency,
        public readonly ?float $phpCpuSeconds = null,
        public readonly ?InstructionCounts $instructions = null,
        public readonly ?int $phpRequests = null,
    ) {
    }

    /**
     * The same run with the CPU seconds the server's PHP processes used during it and the requests they
     * served by the server's own count (null: not known).
     */
    public function withPhpCpuSeconds(?float $seconds, ?int $requests = null): self
    {
        return new self(
            tool: $this->tool,
            requests: $this->requests,
            seconds: $this->seconds,
            latency: $this->latency,
            failures: $this->failures,
            toolCpuSeconds: $this->toolCpuSeconds,
            concurrency: $this->concurrency,
            phpCpuSeconds: $seconds,
            instructions: $this->instructions,
            phpRequests: $requests,
        );
    }

    /**
     * The requests the CPU of the server's PHP processes was spent on: by the server's count where known, else the
     * tool's.
     */
    public function phpRequestsServed(): int
    {
        return $this->phpRequests ?? $this->requests;
    }

    /**
     * For tools that cannot cycle through pages: one run per page, the time shared out between them,
     * added up as one run.
     *
     * @param list<string>                                 $pages
     * @param callable(string $page, float $seconds): self $runPage
     */
    public static function pageByPage(array $pages, float $duration, callable $runPage): self
    {
        $results = [];
        foreach ($pages as $page) {
            $results[] = $runPage($page, $duration / \count($pages));
        }
        if ([] === $results) {
            throw new \LogicException('No page to load.');
        }

        return self::combine($results);
    }

    /**
     * Runs of several pages as one: requests and time add up; latencies are weighted by requests.
     *
     * @param non-empty-list<LoadResult> $results
     */
    public static function combine(array $results): self
    {
        if (1 === \count($results)) {
            return $results[0];
        }
        $requests = array_sum(array_map(static fn (self $r): int => $r->requests, $results));
        $weighted = static function (callable $field) use ($results, $requests): ?float {
            $total = 0.0;
            foreach ($results as $result) {
                $value = $field($result);
                if (null === $value) {
                    return null;
                }
                $total += $value * $result->requests;
            }

            return $requests > 0 ? $total / $requests : null;
        };
        // A figure only some of the runs measured would be a partial sum: null unless all did.
        $sum = static function (callable $field) use ($results): int|float|null {
            $values = array_map($field, $results);

            return \in_array(null, $values, true) ? null : array_sum($values);
        };
        $counts = array_map(static fn (self $r): ?InstructionCounts => $r->instructions, $results);
        $instructions = \in_array(null, $counts, true) ? null : InstructionCounts::combine($counts);
        $phpRequests = $sum(static fn (self $r): ?int => $r->phpRequests);

        return new self(
            tool: $results[0]->tool,
            requests: $requests,
            seconds: array_sum(array_map(static fn (self $r): float => $r->seconds, $results)),
            latency: new Latency(
                meanMs: $weighted(static fn (self $r): ?float => $r->latency->meanMs),
                p50Ms: $weighted(static fn (self $r): ?float => $r->latency->p50Ms),
                p90Ms: $weighted(static fn (self $r): ?float => $r->latency->p90Ms),
                p99Ms: $weighted(static fn (self $r): ?float => $r->latency->p99Ms),
            ),
            failures: new RequestFailures(
                non2xx: array_sum(array_map(static fn (self $r): int => $r->failures->non2xx, $results)),
                socketErrors: array_sum(array_map(static fn (self $r): int => $r->failures->socketErrors, $results)),
                timeouts: array_sum(array_map(static fn (self $r): int => $r->failures->timeouts, $results)),
            ),
            toolCpuSeconds: $sum(static fn (self $r): ?float => $r->toolCpuSeconds),
            concurrency: $results[0]->concurrency,
            phpCpuSeconds: $sum(static fn (self $r): ?float => $r->phpCpuSeconds),
            instructions: $instructions,
            phpRequests: null === $phpRequests ? null : (int) $phpRequests,
        );
    }

    public function requestsPerSecond(): float
    {
        return $this->seconds > 0 ? $this->requests / $this->seconds : 0.0;
    }

    /** Mean time per request across all concurrent requests, as ab reports it: concurrency / throughput. */
    public function timePerRequestMs(): float
    {
        $rps = $this->requestsPerSecond();

        return $rps > 0 ? $this->concurrency * 1000 / $rps : 0.0;
    }

    public function isValid(): bool
    {
        return $this->requests > 0 && $this->failures->none();
    }

    public function voidReason(): ?string
    {
        if ($this->isValid()) {
            return null;
        }
        if (0 === $this->requests) {
            return 'no request completed';
        }

        return \sprintf(
            '%d non-2xx, %d socket errors, %d timeouts',
            $this->failures->non2xx,
            $this->failures->socketErrors,
            $this->failures->timeouts,
        );
    }
}
