<?php

declare(strict_types=1);

namespace Preheat\Plan;

/**
 * What checking one class against its ancestors finds, in the order PHP checks: the classes the checks
 * load, each with the first check needing it, and the first reason PHP refuses to link the class.
 *
 * @internal
 */
final class LinkFindings
{
    /** @var array<string, SignatureDependency> lower-case class => the first check needing it */
    private array $loads = [];

    private ?string $refusal = null;

    /** @param list<string> $classes the classes a check loads */
    public function load(array $classes, string $check): void
    {
        foreach ($classes as $class) {
            $this->loads[strtolower($class)] ??= new SignatureDependency($class, $check);
        }
    }

    /** Records why PHP refuses the class, unless an earlier check already refused it. */
    public function refuse(?string $reason): void
    {
        $this->refusal ??= $reason;
    }

    public function refused(): bool
    {
        return null !== $this->refusal;
    }

    public function refusal(): ?string
    {
        return $this->refusal;
    }

    /** @return list<SignatureDependency> */
    public function loads(): array
    {
        return array_values($this->loads);
    }
}
