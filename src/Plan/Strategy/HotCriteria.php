<?php

declare(strict_types=1);

namespace Preheat\Plan\Strategy;

use Preheat\InvalidSetting;
use Preheat\Setting;

/**
 * How the hot strategy chooses among recorded files: enough to cover a share of all file loads, only
 * files loaded by at least a share of requests, and/or within a preload memory budget, given or automatic
 * (the knee: see HotSelector).
 */
final class HotCriteria
{
    /** What `--coverage` users mostly want: the files behind 99% of loads. */
    public const DEFAULT_COVERAGE = 0.99;

    /** How `budget` asks for the automatic budget; it is also the default. */
    public const AUTO = 'auto';

    /**
     * The automatic budget's cap: the most the knee may choose, as much as a peer that preloads every file OPcache
     * counted allows itself; OPcache's own memory bounds it further (generate's capacity fit).
     */
    public const AUTO_CAP_BYTES = 32 * 1048576;

    /** The cap: the budget given, or the automatic budget's cap. */
    public readonly ?int $budgetBytes;

    public function __construct(
        public readonly ?float $coverage = null,
        public readonly ?float $minShare = null,
        ?int $budgetBytes = null,
        /** Whether the budget is chosen from the gain per megabyte (the knee), within $budgetBytes. */
        public readonly bool $autoBudget = false,
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
        $this->budgetBytes = $autoBudget
            ? min($budgetBytes ?? self::AUTO_CAP_BYTES, self::AUTO_CAP_BYTES)
            : $budgetBytes;
    }

    /** With nothing given: the automatic budget alone. */
    public static function defaults(): self
    {
        return new self(autoBudget: true);
    }

    /**
     * The criteria given; the budget, when none is given (or `auto`, which parseBudget() reads as none), automatic.
     */
    public static function orDefaults(?float $coverage, ?float $minShare, ?int $budgetBytes): self
    {
        return new self($coverage, $minShare, $budgetBytes, null === $budgetBytes);
    }

    /** A budget as users write it: `auto` (null: the automatic budget) or a size such as 12M. */
    public static function parseBudget(string $value): ?int
    {
        return self::AUTO === strtolower(trim($value)) ? null : MemorySize::parse($value);
    }

    public function withBudget(?int $budgetBytes): self
    {
        return new self($this->coverage, $this->minShare, $budgetBytes);
    }

    /** The same criteria with the automatic budget (within its cap). */
    public function withAutoBudget(): self
    {
        return new self($this->coverage, $this->minShare, null, true);
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
        if ($this->autoBudget) {
            $parts[] = 'budget auto, at most '.MemorySize::format((int) $this->budgetBytes);
        } elseif (null !== $this->budgetBytes) {
            $parts[] = 'budget '.MemorySize::format($this->budgetBytes);
        }

        return implode(', ', $parts) ?: 'every recorded file';
    }
}
