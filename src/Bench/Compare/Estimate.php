<?php

declare(strict_types=1);

namespace Preheat\Bench\Compare;

use Preheat\Bench\Statistics\ConfidenceInterval;
use Preheat\Bench\Statistics\Verdict;

/**
 * A relative change read as a speed-up (a fraction: 0.10 for +10 %, positive is faster whichever way the metric
 * points), with its confidence interval when there is one and why not when there is none.
 */
final class Estimate
{
    public function __construct(
        public readonly float $value,
        public readonly ?ConfidenceInterval $interval,
        public readonly ?string $noInterval = null,
    ) {
    }

    public function verdict(): ?Verdict
    {
        return null === $this->interval ? null : Verdict::of($this->interval);
    }

    /** "+12.3% (95% CI +10.1% … +14.6%)", or the value alone with why there is no interval. */
    public function describe(): string
    {
        if (null === $this->interval) {
            return \sprintf('%s (no interval: %s)', self::percent($this->value), $this->noInterval ?? 'none');
        }

        return \sprintf(
            '%s (%d%% CI %s … %s)',
            self::percent($this->value),
            (int) round($this->interval->level * 100),
            self::percent($this->interval->low),
            self::percent($this->interval->high),
        );
    }

    public static function percent(float $fraction): string
    {
        return \sprintf('%+.1f%%', $fraction * 100);
    }
}
