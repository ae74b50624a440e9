<?php

declare(strict_types=1);

namespace Preheat\Plan\Strategy;

/** What one pass over the pages loads: every file those requests loaded, however rarely. */
final class TraceKind implements StrategyKind
{
    public function name(): string
    {
        return 'trace';
    }

    public function aliases(): array
    {
        return [];
    }

    public function help(): string
    {
        return 'what a few requests to the pages load';
    }

    public function options(): array
    {
        return ['config' => 'its "bench" section says how to serve the app', 'budget' => ''];
    }

    public function servesTheApp(): bool
    {
        return true;
    }

    public function seed(StrategySource $source): SeedStrategy
    {
        return new HotStrategy($source->tracedUsage(), $source->traceCriteria(), $this->name(), 'the traced requests');
    }
}
