<?php

declare(strict_types=1);

namespace Preheat\Script\Generate;

use Preheat\Script\Verify\VerificationReport;

/** What the round policy decided from a verification: the constraint the next round adds, or stop. */
final class NextRound
{
    private function __construct(
        public readonly ?Constraint $adds,
        /** the fix round that would have dropped only what earlier rounds dropped, and so was not run */
        public readonly ?FixRound $stalled = null,
    ) {
    }

    public static function adding(Constraint $constraint): self
    {
        return new self($constraint);
    }

    public static function stop(): self
    {
        return new self(null);
    }

    /** A round that adds nothing new stops: PHP refuses the same again for a reason dropping cannot fix. */
    public static function stalled(FixRound $round): self
    {
        return new self(null, $round);
    }

    public function stops(): bool
    {
        return null === $this->adds;
    }

    /**
     * Whether the verified script may replace the destination: it passed, and it does not overflow the
     * php.ini (a fit follows).
     */
    public function installs(VerificationReport $report, bool $strict): bool
    {
        return $report->passed($strict) && !$this->adds instanceof FitRound;
    }
}
