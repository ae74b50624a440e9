<?php

declare(strict_types=1);

namespace Preheat\Plan\Strategy;

/**
 * Every file the recorded traffic (or php-fpm's OPcache hit counts) loaded at least once, however rarely and
 * whatever its size: what preloaders that read OPcache's counted scripts preload, as a reference for hot's
 * budget. Only what makes the script start is added: the safe plan's checks and the files each needs to link.
 */
final class CountedKind implements StrategyKind
{
    public function name(): string
    {
        return 'counted';
    }

    public function aliases(): array
    {
        return [];
    }

    public function help(): string
    {
        return 'every file recorded traffic, or php-fpm\'s hit counts, loaded at least once, as peers preload';
    }

    public function options(): array
    {
        return ['store' => '', 'from-fpm' => ''];
    }

    public function servesTheApp(): bool
    {
        return false;
    }

    public function seed(StrategySource $source): SeedStrategy
    {
        // No coverage, share or budget: every counted file (HotCriteria's "every recorded file").
        return new HotStrategy($source->recordedUsage(), new HotCriteria(), $this->name());
    }
}
