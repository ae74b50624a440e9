<?php

declare(strict_types=1);

namespace Preheat\Plan;

/**
 * What the user asked of a plan, validated, and what verification decided since (forced drops, fits).
 */
final class PlanOptions
{
    /**
     * @param list<IgnoreRule>     $ignore
     * @param list<string>|null    $seeds    files the strategy wants; null for every file under the roots. What they
     *                                       need to link is pulled in.
     * @param RequireEvidence|null $requires how recorded requests loaded each file: lets files only ever required
     *                                       be preloaded despite side effects
     * @param list<CapacityFit>    $fits     what the php.ini's OPcache sizes allowed, in the order the fits were made:
     *                                       a file one leaves out is out for its reason
     */
    public function __construct(
        public readonly array $ignore = [],
        public readonly bool $includeDev = false,
        public readonly ForcedDrops $forcedDrops = new ForcedDrops(),
        public readonly ?array $seeds = null,
        public readonly string $strategy = 'paths',
        public readonly ?RequireEvidence $requires = null,
        public readonly array $fits = [],
    ) {
    }

    /**
     * The options as the user gives them: ignore patterns, as typed, and whether dev packages count.
     *
     * @param list<string> $patterns
     */
    public static function ignoring(array $patterns, bool $includeDev = false, string $strategy = 'paths'): self
    {
        return new self(array_map(IgnoreRule::parse(...), $patterns), $includeDev, strategy: $strategy);
    }

    public function withForcedDrops(ForcedDrops $drops): self
    {
        return new self(
            $this->ignore,
            $this->includeDev,
            $this->forcedDrops->withAll($drops),
            $this->seeds,
            $this->strategy,
            $this->requires,
            $this->fits,
        );
    }

    /** @param list<string> $seeds */
    public function withSeeds(array $seeds, string $strategy): self
    {
        return new self(
            $this->ignore,
            $this->includeDev,
            $this->forcedDrops,
            $seeds,
            $strategy,
            $this->requires,
            $this->fits,
        );
    }

    /** @param list<CapacityFit> $fits */
    public function withFits(array $fits): self
    {
        return new self(
            $this->ignore,
            $this->includeDev,
            $this->forcedDrops,
            $this->seeds,
            $this->strategy,
            $this->requires,
            $fits,
        );
    }

    public function withRequireEvidence(?RequireEvidence $requires): self
    {
        return new self(
            $this->ignore,
            $this->includeDev,
            $this->forcedDrops,
            $this->seeds,
            $this->strategy,
            $requires,
            $this->fits,
        );
    }
}
