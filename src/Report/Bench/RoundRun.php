<?php

declare(strict_types=1);

namespace Preheat\Report\Bench;

use Preheat\Bench\Load\LoadResult;
use Preheat\Bench\Result\RunConditions;

/** One round's run of a scenario as report.json lists it: void runs too, with the server start that ran it. */
final class RoundRun
{
    /**
     * @param int                $instance which start of its server ran it (1, then one more per restart)
     * @param RunConditions|null $machine  what the machine did during the run, where it was measured
     */
    public function __construct(
        public readonly int $round,
        public readonly int $instance,
        public readonly LoadResult $run,
        public readonly ?RunConditions $machine,
    ) {
    }
}
