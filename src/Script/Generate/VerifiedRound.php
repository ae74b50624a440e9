<?php

declare(strict_types=1);

namespace Preheat\Script\Generate;

use Preheat\Script\Verify\VerificationReport;

/** One round's verification of the script, and what the round policy decided from it. */
final class VerifiedRound
{
    public function __construct(
        public readonly VerificationReport $report,
        public readonly NextRound $next,
    ) {
    }
}
