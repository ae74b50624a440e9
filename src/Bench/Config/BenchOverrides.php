<?php

declare(strict_types=1);

namespace Preheat\Bench\Config;

/**
 * What the command line sets over preheat.json, already typed (null: not given). Checked with the
 * file's values, in the sections they belong to.
 */
final class BenchOverrides
{
    /**
     * @param list<string> $urls      pages to load (empty: the file's)
     * @param list<string> $scenarios NAME=SPEC options (empty: the file's)
     * @param ?string      $store     the usage store hot reads (a file path, relative to the working directory, or
     *                                a redis:// store), over the file's bench.usage
     */
    public function __construct(
        public readonly array $urls = [],
        public readonly array $scenarios = [],
        public readonly bool $ladder = false,
        public readonly ServeOverrides $serve = new ServeOverrides(),
        public readonly LoadOverrides $load = new LoadOverrides(),
        public readonly StoppingOverrides $stopping = new StoppingOverrides(),
        public readonly ?string $store = null,
    ) {
    }
}
