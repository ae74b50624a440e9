<?php

declare(strict_types=1);

namespace Preheat\Plan;

/**
 * What the user asked of a plan, validated.
 */
final class PlanOptions
{
    /**
     * @param list<IgnoreRule>         $ignore
     * @param array<string, string>    $forcedDrops lower-case class name or file path => why (what PHP said when it preloaded it)
     * @param list<string>|null        $seeds       files the strategy wants; null for every file under the roots. What they need to link is pulled in.
     * @param RequireEvidence|null     $requires    how recorded requests loaded each file: lets files only ever required be preloaded despite side effects
     * @param array<string, Exclusion> $unselected  files left out of the seeds for a reason other than the strategy's choice (path => why)
     */
    public function __construct(
        public readonly array $ignore = [],
        public readonly bool $includeDev = false,
        public readonly array $forcedDrops = [],
        public readonly ?array $seeds = null,
        public readonly string $strategy = 'paths',
        public readonly ?RequireEvidence $requires = null,
        public readonly array $unselected = [],
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

    /** @param array<string, string> $drops */
    public function withForcedDrops(array $drops): self
    {
        return new self($this->ignore, $this->includeDev, [...$this->forcedDrops, ...$drops], $this->seeds, $this->strategy, $this->requires, $this->unselected);
    }

    /**
     * @param list<string>             $seeds
     * @param array<string, Exclusion> $unselected why files not among the seeds are out, where it is not the strategy's choice
     */
    public function withSeeds(array $seeds, string $strategy, array $unselected = []): self
    {
        return new self($this->ignore, $this->includeDev, $this->forcedDrops, $seeds, $strategy, $this->requires, $unselected);
    }

    public function withRequireEvidence(?RequireEvidence $requires): self
    {
        return new self($this->ignore, $this->includeDev, $this->forcedDrops, $this->seeds, $this->strategy, $requires, $this->unselected);
    }
}
