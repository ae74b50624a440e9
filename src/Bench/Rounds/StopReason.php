<?php

declare(strict_types=1);

namespace Preheat\Bench\Rounds;

/** Why a benchmark stopped adding rounds. */
enum StopReason: string
{
    /** Every compared scenario's interval is within the precision target. */
    case PrecisionReached = 'precision-reached';
    /** The next round would not have fit in the time left (or the minimum rounds already used it up). */
    case TimeLimit = 'time-limit';
    /** No scenario besides the baseline was measured: no gain to make precise. */
    case NothingToCompare = 'nothing-to-compare';
}
