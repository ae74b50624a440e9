<?php

declare(strict_types=1);

namespace Preheat\Bench\Result;

use Preheat\Bench\Load\LoadResult;

/**
 * What a run measures, and which way is better. Every metric's gain reads the same way: positive is
 * faster. For req/s a round's paired ratio is scenario ÷ baseline; for the per-request costs (CPU
 * time, instructions: lower is better) it is baseline ÷ scenario, so that a scenario that needs 20%
 * less CPU per request shows +25%, as many more requests as the same CPU can serve.
 */
enum Metric: string
{
    /** Requests the server answered per second of the run: what the load tool saw. */
    case RequestsPerSecond = 'requestsPerSecond';

    /**
     * CPU time (user + system) the server's PHP processes used per request they served (by the server's own
     * count where it gives one), in milliseconds.
     */
    case CpuPerRequest = 'cpuPerRequest';

    /**
     * CPU instructions per request, counted by an instruction-counting tool: deterministic where the others
     * are not.
     */
    case InstructionsPerRequest = 'instructionsPerRequest';

    public function higherIsBetter(): bool
    {
        return self::RequestsPerSecond === $this;
    }

    /** The name a report shows. */
    public function label(): string
    {
        return match ($this) {
            self::RequestsPerSecond => 'req/s',
            self::CpuPerRequest => 'CPU per request',
            self::InstructionsPerRequest => 'instructions per request',
        };
    }

    public function unit(): string
    {
        return match ($this) {
            self::RequestsPerSecond => 'req/s',
            self::CpuPerRequest => 'ms',
            self::InstructionsPerRequest => 'instructions',
        };
    }

    /**
     * The run's figure for this metric; null when the run does not count (void) or did not measure it
     * (no CPU reading, no instruction count), or measured nothing a ratio could use (zero).
     */
    public function of(LoadResult $run): ?float
    {
        if (!$run->isValid()) {
            return null;
        }
        $value = match ($this) {
            self::RequestsPerSecond => $run->requestsPerSecond(),
            self::CpuPerRequest => null === $run->phpCpuSeconds || $run->phpRequestsServed() <= 0
                ? null
                : $run->phpCpuSeconds * 1000 / $run->phpRequestsServed(),
            self::InstructionsPerRequest => null === $run->instructions
                ? null
                : $run->instructions->total / $run->requests,
        };

        return null !== $value && $value > 0.0 && is_finite($value) ? $value : null;
    }

    /**
     * A round's paired ratio as a speed-up: above 1 when the scenario did better than the baseline in
     * that round, whichever way this metric points.
     */
    public function speedup(float $scenario, float $baseline): float
    {
        return $this->higherIsBetter() ? $scenario / $baseline : $baseline / $scenario;
    }
}
