<?php

declare(strict_types=1);

namespace Preheat\Plan\Strategy;

use Preheat\Util\Named;

/**
 * One way of choosing what to preload, for `generate --strategy` and a bench scenario alike: its name
 * (and the other spellings it is known by), the generate options it takes, and the seed strategy it makes
 * from what the caller can give (null: every safe file). A new strategy is a class implementing this,
 * added to the registry the console builds (Strategies::standard() lists the shipped ones).
 */
interface StrategyKind extends Named
{
    /** @return list<string> other names it answers to, kept so that no configuration breaks */
    public function aliases(): array;

    /** For `--strategy`'s help, e.g. "every safe file under the scanned paths". */
    public function help(): string;

    /**
     * The options of `generate` that go with it (other strategies refuse them), each with why, for the
     * message; "" says nothing more.
     *
     * @return array<string, string> option name without dashes => why it goes with this strategy
     */
    public function options(): array;

    /** Whether making its seed serves the app (starts PHP and a server): generate's timings count it as a boot. */
    public function servesTheApp(): bool;

    public function seed(StrategySource $source): ?SeedStrategy;
}
