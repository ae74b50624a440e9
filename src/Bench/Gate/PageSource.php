<?php

declare(strict_types=1);

namespace Preheat\Bench\Gate;

/** Where the gate gets pages from: over HTTP in a run (PageFetcher), from fixtures in tests. */
interface PageSource
{
    public function get(string $url): Page;
}
