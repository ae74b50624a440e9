<?php

declare(strict_types=1);

namespace Preheat\Report;

use Preheat\Script\Verify\VerificationReport;

/**
 * What `preheat verify` reports: the verification, and whether it passes as asked. A class PHP refused to
 * preload fails it unless $allowRefused (the script "works" but the class is compiled at every request);
 * --strict fails on any warning.
 */
final class VerifiedScript
{
    public function __construct(
        public readonly VerificationReport $verification,
        public readonly bool $strict,
        public readonly bool $allowRefused = false,
    ) {
    }

    public function passed(): bool
    {
        return $this->verification->passed($this->strict)
            && ($this->allowRefused || 0 === $this->verification->refusedClassCount());
    }
}
