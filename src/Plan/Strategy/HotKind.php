<?php

declare(strict_types=1);

namespace Preheat\Plan\Strategy;

/** What recorded traffic loads most. */
final class HotKind implements StrategyKind
{
    public function name(): string
    {
        return 'hot';
    }

    public function aliases(): array
    {
        return [];
    }

    public function help(): string
    {
        return 'what recorded traffic, or php-fpm\'s hit counts, load most';
    }

    public function options(): array
    {
        return ['store' => '', 'from-fpm' => '', 'coverage' => '', 'min-share' => '', 'budget' => ''];
    }

    public function servesTheApp(): bool
    {
        return false;
    }

    public function seed(StrategySource $source): SeedStrategy
    {
        return new HotStrategy($source->recordedUsage(), $source->hotCriteria());
    }
}
