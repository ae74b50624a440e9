<?php

declare(strict_types=1);

namespace Preheat\Bench\Config;

use Preheat\Bench\Rounds\StoppingRule;
use Preheat\Config\Bound;
use Preheat\ConfigError;

/**
 * When to stop adding rounds: at least `rounds`, then until every gain is within `precision` points or `maxTime` runs
 * out.
 */
final class StoppingSettings
{
    /** The rounds always run; more follow until every gain is precise enough or time runs out. */
    public const DEFAULT_ROUNDS = 5;
    /** The half-width every gain's 95% interval should reach, in points: ±2 %. */
    public const DEFAULT_PRECISION = 2.0;
    /** Seconds the measured rounds may take together: about 4 minutes of measuring. */
    public const DEFAULT_MAX_TIME = 240.0;

    public function __construct(
        public readonly int $rounds = self::DEFAULT_ROUNDS,
        public readonly float $precision = self::DEFAULT_PRECISION,
        public readonly float $maxTime = self::DEFAULT_MAX_TIME,
    ) {
        Bound::Rounds->checkMinimum($rounds);
        if (!($precision > 0.0) || !is_finite($precision)) {
            $error = ConfigError::invalid(
                'precision',
                $precision,
                'the half-width every gain\'s interval should reach, in points above 0, e.g. 2 for ±2 %',
            );
            throw $error;
        }
        Bound::MaxTime->checkMinimum($maxTime);
    }

    /** @param bool $restarts whether the servers are started anew every few rounds */
    public function rule(bool $restarts): StoppingRule
    {
        return new StoppingRule($this->rounds, $this->precision, $this->maxTime, $restarts);
    }
}
