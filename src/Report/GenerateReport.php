<?php

declare(strict_types=1);

namespace Preheat\Report;

use Preheat\Note;
use Preheat\Progress\TimingReport;
use Preheat\Script\Generate\GenerateOutcome;

/** What `preheat generate` reports: the outcome, where its time went (with -vv), and how a warning reads. */
final class GenerateReport
{
    /** @param (\Closure(Note): string)|null $describeWarning the console adds the option of the warning's setting */
    public function __construct(
        public readonly GenerateOutcome $outcome,
        public readonly ?TimingReport $timings = null,
        public readonly ?\Closure $describeWarning = null,
    ) {
    }

    public function scanSummary(): ScanSummary
    {
        return new ScanSummary($this->describeWarning);
    }
}
