<?php

declare(strict_types=1);

namespace Preheat\Bench\Event;

use Preheat\Progress\Outcome;
use Preheat\Progress\ProgressEvent;

/** The correctness gate's result over every scenario: how many serve the pages, how many are broken or skipped. */
final class PagesChecked implements ProgressEvent
{
    /** @param list<string> $notes what the gate masked, per page */
    public function __construct(
        public readonly int $correct,
        public readonly int $broken,
        public readonly int $skipped,
        public readonly array $notes = [],
    ) {
    }

    public function summary(): string
    {
        return \sprintf(
            'Pages checked: %d scenario(s) serve them correctly%s%s%s',
            $this->correct,
            0 === $this->broken ? '' : ', '.$this->broken.' broken (reported, not measured)',
            0 === $this->skipped ? '' : ', '.$this->skipped.' not measured (see why)',
            [] === $this->notes ? '' : '; '.implode('; ', $this->notes),
        );
    }

    public function outcome(): Outcome
    {
        // The bench goes on without the broken ones: worth a look, not the end.
        return 0 === $this->broken ? Outcome::Done : Outcome::Warning;
    }
}
