<?php

declare(strict_types=1);

namespace Preheat\Bench\Load;

/**
 * A load generator that runs PHP itself (php-cgi -T) instead of sending requests to the scenario's
 * server: the server's CPU says nothing about its runs, so the runner does not charge it to them.
 */
interface InProcessLoad extends LoadGenerator
{
}
