<?php

declare(strict_types=1);

namespace Preheat\Bench\Result;

use Preheat\Bench\Load\Schedule;

/** How a benchmark's rounds ran: how many, how long each run and its warm-up, in what order, and its restarts. */
final class RoundPlan
{
    /**
     * @param float    $duration     seconds of each measured run
     * @param float    $warmup       seconds of warm-up the bench ran before measuring; 0 when the load tool warms
     *                               up within each run
     * @param Schedule $schedule     together (every scenario of a round loaded at the same time) or turns (one after
     *                               another)
     * @param int      $restartEvery rounds between restarts of every server (0: never)
     */
    public function __construct(
        public readonly int $rounds,
        public readonly float $duration,
        public readonly float $warmup,
        public readonly Schedule $schedule = Schedule::Turns,
        public readonly int $restartEvery = 0,
    ) {
    }
}
