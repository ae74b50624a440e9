<?php

declare(strict_types=1);

namespace Preheat\Seeds;

/** How a seeds run measured, said once under every table and chart: the machine, the processes, the bounds. */
final class RunNotes
{
    public function __construct(
        public readonly int $cores,
        public readonly int $workers,
        public readonly int $repeats,
        public readonly int $timeLimit,
        public readonly int $wrkSeconds,
        public readonly string $php,
    ) {
    }

    public function describe(string $tool): string
    {
        return \sprintf(
            'PHP %s, %d PHP processes per server, %s, %d run%s per row interleaved with the other rows (median and min–max), loopback only. %s',
            $this->php,
            $this->workers,
            $tool,
            $this->repeats,
            1 === $this->repeats ? '' : 's',
            $this->sharing(),
        );
    }

    public function footnote(): string
    {
        return \sprintf('PHP %s, %d cores, %d PHP processes per server, %d runs per bar (whiskers: min–max). %s', $this->php, $this->cores, $this->workers, $this->repeats, $this->sharing());
    }

    private function sharing(): string
    {
        return $this->cores <= 2
            ? \sprintf('This machine has %d cores: the load tool runs on the same cores as the servers and takes a share of them, so every server here is slower than on the published hardware.', $this->cores)
            : \sprintf('%d cores, shared by the load tool and the servers.', $this->cores);
    }
}
