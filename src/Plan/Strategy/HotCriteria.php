<?php

declare(strict_types=1);

namespace Preheat\Plan\Strategy;

use Preheat\InvalidSetting;
use Preheat\Setting;

/**
 * How the hot strategy chooses among recorded files: enough to cover a share of all file loads, only
 * files loaded by at least a share of requests, and/or within a preload memory budget.
 */
final class HotCriteria
{
    /** With nothing given: the files behind 99% of loads. */
    public const DEFAULT_COVERAGE = 0.99;

    public function __construct(
        public readonly ?float $coverage = null,
        public readonly ?float $minShare = null,
        public readonly ?int $budgetBytes = null,
    ) {
        if (null !== $coverage && ($coverage <= 0 || $coverage > 1)) {
            $error = InvalidSetting::because(
                Setting::Coverage,
                \sprintf(
                    'The coverage %s must be above 0 and at most 1 (0.99 = the files behind 99%% of loads).',
                    $coverage,
                ),
            );
            throw $error;
        }
        if (null !== $minShare && ($minShare < 0 || $minShare > 1)) {
            $error = InvalidSetting::because(
                Setting::MinShare,
                \sprintf(
                    'The minimum share %s must be from 0 to 1 (0.05 = files at least 5%% of requests load).',
                    $minShare,
                ),
            );
            throw $error;
        }
    }

    public static function defaults(): self
    {
        return new self(self::DEFAULT_COVERAGE);
    }

    /** The criteria given, or the defaults when none is. */
    public static function orDefaults(?float $coverage, ?float $minShare, ?int $budgetBytes): self
    {
        return null === $coverage && null === $minShare && null === $budgetBytes ? self::defaults() : new self(
            $coverage,
            $minShare,
            $budgetBytes,
        );
    }

    public function withBudget(?int $budgetBytes): self
    {
        return new self($this->coverage, $this->minShare, $budgetBytes);
    }

    public function describe(): string
    {
        $parts = [];
        if (null !== $this->coverage) {
            $parts[] = \sprintf('coverage %g', $this->coverage);
        }
        if (null !== $this->minShare) {
            $parts[] = \sprintf('min share %g', $this->minShare);
        }
        if (null !== $this->budgetBytes) {
            $parts[] = 'budget '.MemorySize::format($this->budgetBytes);
        }

        return implode(', ', $parts) ?: 'every recorded file';
    }
}
