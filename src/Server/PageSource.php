<?php

declare(strict_types=1);

namespace Preheat\Server;

/** Where pages come from: over HTTP from a runtime (PageFetcher), from fixtures in tests. */
interface PageSource
{
    public function get(string $url): Page;
}
