<?php

declare(strict_types=1);

namespace Preheat\Plan;

use Preheat\Composer\ComposerProject;
use Preheat\Inventory\InventoryScan;
use Preheat\Inventory\SourceSelection;

/** What one scan of an app found: its Composer project, the roots scanned, the files selected and parsed. */
final class ScannedApp
{
    /** @param list<string> $roots */
    public function __construct(
        public readonly ComposerProject $project,
        public readonly array $roots,
        public readonly SourceSelection $selection,
        public readonly InventoryScan $scan,
    ) {
    }
}
