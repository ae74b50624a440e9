<?php

declare(strict_types=1);

namespace Preheat\Bench\Compare\Assertion;

/** An assertion judged on one scenario: whether it held, and what was found ("+12.3% (95% CI ...)", "7.0 MB"). */
final class AssertionResult
{
    public function __construct(
        public readonly Assertion $assertion,
        public readonly string $scenario,
        public readonly bool $passed,
        public readonly string $found,
    ) {
    }

    /**
     * "✓ hot.gain >= 10%: +12.3% (95% CI +10.1% … +14.6%)"; "[hot]" names the scenario of a "*" assertion (none
     * when it matched none).
     */
    public function line(): string
    {
        return \sprintf(
            '%s %s%s: %s',
            $this->passed ? '✓' : '✗',
            $this->assertion->text,
            $this->assertion->everyScenario() && Assertion::EVERY !== $this->scenario
                ? ' ['.$this->scenario.']'
                : '',
            $this->found,
        );
    }
}
