<?php

declare(strict_types=1);

namespace Preheat\Usage;

use Preheat\Plan\Strategy\UsageSnapshot;

/** Where recorded usage is kept: a local append-only file, or Redis for many servers. */
interface UsageStore
{
    /** Adds a batch. Must never lose what the store already holds. */
    public function append(UsageBatch $batch): void;

    /** Everything the store holds, added up. Throws UsageStoreError if it cannot be read. */
    public function read(): UsageSnapshot;

    /** How users name it: a path, or redis://host:port/db?prefix=... */
    public function describe(): string;

    /**
     * The same for two names of one store (a path through `./` or a symbolic link, a DSN with the default
     * port spelled out), so that a store named twice is read once and never merged into itself.
     */
    public function identity(): string;
}
