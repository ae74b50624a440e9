<?php

declare(strict_types=1);

namespace Preheat\Plan\Strategy;

/**
 * Every safe file under the scanned paths: no seed strategy, the whole safe plan. `paths` is its name
 * (what generate's plans say); `all`, its name in bench scenarios, is kept as an alias.
 */
final class EverySafeFile implements StrategyKind
{
    public function name(): string
    {
        return 'paths';
    }

    public function aliases(): array
    {
        return ['all'];
    }

    public function help(): string
    {
        return 'every safe file under the scanned paths';
    }

    public function options(): array
    {
        return [];
    }

    public function servesTheApp(): bool
    {
        return false;
    }

    public function seed(StrategySource $source): ?SeedStrategy
    {
        return null;
    }
}
