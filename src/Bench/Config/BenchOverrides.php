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
        public readonly ?string $runtime = null,
        public readonly ?int $workers = null,
        public readonly ?string $php = null,
        public readonly LoadOverrides $load = new LoadOverrides(),
        public readonly ?int $rounds = null,
        public readonly ?float $precision = null,
        public readonly ?float $maxTime = null,
        public readonly ?string $store = null,
    ) {
    }
}
