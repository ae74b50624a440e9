<?php

declare(strict_types=1);

namespace Preheat\Seeds;

/**
 * One bounded run of a load tool against one URL, as the tool reported it. A run the tool could not
 * finish (connection refused, every connection timed out) has no requests and says why in $error.
 */
final class Measurement
{
    /**
     * @param array<int, float> $percentilesMs latency in ms by percentile (ab: 50 … 99; wrk: 50, 75, 90, 99)
     */
    public function __construct(
        public readonly string $tool,
        public readonly int $requests,
        public readonly float $seconds,
        public readonly float $requestsPerSecond,
        public readonly ?float $timePerRequestMs,
        public readonly array $percentilesMs,
        public readonly ?float $maxMs,
        public readonly int $failed,
        public readonly int $non2xx,
        public readonly int $bytes,
        public readonly ?string $error = null,
        public readonly ?int $idlePssBytes = null,
        public readonly ?int $peakPssBytes = null,
        public readonly ?float $toolCpuShare = null,
    ) {
    }

    /** A run that gave no numbers: all the requests it was to send count as failed. */
    public static function broken(string $tool, int $requested, string $error): self
    {
        return new self($tool, 0, 0.0, 0.0, null, [], null, $requested, 0, 0, $error);
    }

    /** The same run with the memory of the serving processes: per process, before the run and at its peak during it. */
    public function withMemory(?int $idlePssBytes, ?int $peakPssBytes): self
    {
        return new self(
            $this->tool, $this->requests, $this->seconds, $this->requestsPerSecond, $this->timePerRequestMs, $this->percentilesMs,
            $this->maxMs, $this->failed, $this->non2xx, $this->bytes, $this->error, $idlePssBytes, $peakPssBytes, $this->toolCpuShare,
        );
    }

    /**
     * The same run with the CPU the load tool itself used, as a share of one core over the run's wall time:
     * near 100% for ab (one thread), the tool, not the server, set the pace.
     */
    public function withToolCpu(float $cpuSeconds, float $wallSeconds): self
    {
        return new self(
            $this->tool, $this->requests, $this->seconds, $this->requestsPerSecond, $this->timePerRequestMs, $this->percentilesMs,
            $this->maxMs, $this->failed, $this->non2xx, $this->bytes, $this->error, $this->idlePssBytes, $this->peakPssBytes,
            $wallSeconds > 0 ? $cpuSeconds / $wallSeconds : null,
        );
    }

    /** Failed requests as the published tables count them: the tool's failures plus answers that were not 2xx. */
    public function failures(): int
    {
        return $this->failed + $this->non2xx;
    }

    /** Requests sent: ab's complete requests count its failures and non-2xx answers; wrk's count neither socket errors nor a broken run's. */
    public function sent(): int
    {
        return 'ab' === $this->tool && null === $this->error ? $this->requests : $this->requests + $this->failed;
    }

    public function bytesPerSecond(): float
    {
        return $this->seconds > 0 ? $this->bytes / $this->seconds : 0.0;
    }

    public function percentile(int $percentile): ?float
    {
        return $this->percentilesMs[$percentile] ?? null;
    }
}
