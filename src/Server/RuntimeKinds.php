<?php

declare(strict_types=1);

namespace Preheat\Server;

/**
 * The runtimes one run can start, by kind (fpm, mod_php, ...): a scenario that asks for a kind not
 * here is reported as not measured, with the kinds there are.
 */
final class RuntimeKinds
{
    /** @param array<string, RuntimeFactory> $factories kind => factory */
    public function __construct(private readonly array $factories)
    {
    }

    public function get(string $kind): ?RuntimeFactory
    {
        return $this->factories[$kind] ?? null;
    }

    /** @return list<string> */
    public function kinds(): array
    {
        return array_keys($this->factories);
    }
}
