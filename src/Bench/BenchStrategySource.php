<?php

declare(strict_types=1);

namespace Preheat\Bench;

use Preheat\Bench\Config\BenchConfig;
use Preheat\Plan\Strategy\HotCriteria;
use Preheat\Plan\Strategy\StrategySource;
use Preheat\Plan\Strategy\UsageSnapshot;

/**
 * What a bench scenario's strategy gets: hot's traffic from the configured store or recorded now, with
 * preheat.json's criteria; trace's from one pass over the pages, all of it.
 *
 * @internal
 */
final class BenchStrategySource implements StrategySource
{
    public function __construct(private readonly ScenarioPreparer $preparer, private readonly BenchConfig $config)
    {
    }

    public function recordedUsage(): UsageSnapshot
    {
        return $this->preparer->usage($this->config);
    }

    public function hotCriteria(): HotCriteria
    {
        return $this->config->recording->hot;
    }

    public function tracedUsage(): UsageSnapshot
    {
        return $this->preparer->trace($this->config);
    }

    public function traceCriteria(): HotCriteria
    {
        return new HotCriteria();
    }
}
