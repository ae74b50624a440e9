<?php

declare(strict_types=1);

namespace Preheat\Bench\Config;

use Preheat\Inventory\InventoryCache;
use Preheat\Plan\PlanOptions;
use Preheat\Plan\PlanRequest;

/**
 * What `generate` scans for the scenarios it writes, as preheat.json's "generate" section says: the
 * plan's request and options, made here once for every scenario and the ladder's scan.
 */
final class GenerateScope
{
    public readonly PlanRequest $request;

    public readonly PlanOptions $options;

    /**
     * @param list<string> $paths  what `generate` scans (empty: the project's defaults)
     * @param list<string> $ignore
     */
    public function __construct(
        string $projectRoot,
        public readonly array $paths,
        public readonly array $ignore,
        string $phpBinary,
    ) {
        $this->request = new PlanRequest($projectRoot, $paths, InventoryCache::fileFor($projectRoot), $phpBinary);
        $this->options = PlanOptions::ignoring($ignore);
    }
}
