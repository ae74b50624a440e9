<?php

declare(strict_types=1);

namespace Preheat\Bench\Load;

/** How hard and how long to load a page: the same for every scenario in a run. */
final class LoadSettings
{
    public function __construct(
        public readonly float $duration,
        public readonly int $concurrency,
        public readonly float $timeout = 10.0,
        public readonly int $threads = 1,
        public readonly int $cgiRequests = 500,
        public readonly int $callgrindRequests = 5,
        public readonly int $callgrindWarmup = 2,
    ) {
    }

    /**
     * How long a load tool running for $duration seconds may take before it is stopped: the run, the
     * last request's timeout, and slack for the tool's own start and summary.
     */
    public function toolTimeLimit(float $duration): float
    {
        return $duration + $this->timeout + 30;
    }

    public function describe(string $tool): string
    {
        return match ($tool) {
            'cgi' => \sprintf('php-cgi -T %d,%d (in-process, no web server)', max(1, intdiv($this->cgiRequests, 10)), $this->cgiRequests),
            'callgrind' => \sprintf('valgrind --tool=callgrind php-cgi -T %d: instructions per request over the last %d, after %d warm-up (in-process, no web server)', $this->callgrindWarmup + $this->callgrindRequests, $this->callgrindRequests, $this->callgrindWarmup),
            'ab' => \sprintf('ab -c %d -t %g -l (HTTP/1.0, no keep-alive)', $this->concurrency, $this->duration),
            default => \sprintf('wrk -t %d -c %d -d %gs (closed loop, keep-alive)', $this->threads, $this->concurrency, $this->duration),
        };
    }
}
