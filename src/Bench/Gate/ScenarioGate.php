<?php

declare(strict_types=1);

namespace Preheat\Bench\Gate;

use Preheat\Bench\Config\UrlSpec;

/**
 * Checks that scenarios serve the pages as the baseline does, before anything is timed (CorrectnessGate; a
 * fake in tests).
 */
interface ScenarioGate
{
    /**
     * The baseline's pages, fetched as often as needed to learn what changes between identical requests.
     *
     * @param list<UrlSpec>            $urls
     * @param callable(string): string $urlFor path => URL of the baseline's server
     */
    public function baseline(string $scenario, array $urls, callable $urlFor): GateBaseline;

    /**
     * @param list<UrlSpec>            $urls
     * @param callable(string): string $urlFor path => URL of this scenario's server
     */
    public function check(string $scenario, array $urls, callable $urlFor, GateBaseline $baseline): GateResult;
}
