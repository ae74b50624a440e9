<?php

declare(strict_types=1);

namespace Preheat\Script\Generate;

use Preheat\Plan\CapacityFit;

/**
 * One fit to the php.ini's OPcache sizes: the files kept (the planner's CapacityFit) and, per setting
 * that overflowed, what the report says of it. A script that still overflows is never moved into place.
 */
final class FitRound implements Constraint
{
    /** @param non-empty-list<CapacityRound> $rows one per setting that overflowed, numbered on from earlier fits */
    public function __construct(
        public readonly CapacityFit $fit,
        public readonly array $rows,
        public readonly int $plannedFiles,
    ) {
    }

    public function progress(): string
    {
        return \sprintf(
            'Fitting to %s%s: keeping %d of %d planned files',
            implode(
                ', ',
                array_map(static fn (CapacityRound $r): string => $r->setting.'='.$r->currentValue, $this->rows),
            ),
            $this->rows[0]->estimated ? ' by the estimate, before booting PHP with the whole plan' : '',
            \count($this->fit->kept()),
            $this->plannedFiles,
        );
    }

    public function purpose(): string
    {
        return \sprintf('verification after capacity fit %d', $this->rows[\count($this->rows) - 1]->round);
    }
}
