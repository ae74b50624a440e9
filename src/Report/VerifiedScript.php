<?php

declare(strict_types=1);

namespace Preheat\Report;

use Preheat\Script\Verify\VerificationReport;

/** What `preheat verify` reports: the verification, and whether it passes as asked (--strict fails on warnings). */
final class VerifiedScript
{
    public function __construct(
        public readonly VerificationReport $verification,
        public readonly bool $strict,
    ) {
    }

    public function passed(): bool
    {
        return $this->verification->passed($this->strict);
    }
}
