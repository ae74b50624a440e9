<?php

declare(strict_types=1);

namespace Preheat\Tests\Support;

use Preheat\Bench\Gate\GateBaseline;
use Preheat\Bench\Gate\GateResult;
use Preheat\Bench\Gate\ScenarioGate;

/** Passes every scenario but those a test names, whose pages it reports as different. */
final class FakeGate implements ScenarioGate
{
    /** @param list<string> $broken */
    public function __construct(private readonly array $broken = [])
    {
    }

    public function baseline(string $scenario, array $urls, callable $urlFor): GateBaseline
    {
        return new GateBaseline($this->result($scenario), []);
    }

    public function check(string $scenario, array $urls, callable $urlFor, GateBaseline $baseline): GateResult
    {
        return $this->result($scenario);
    }

    private function result(string $scenario): GateResult
    {
        return new GateResult($scenario, \in_array($scenario, $this->broken, true) ? ['/ differs from the baseline'] : []);
    }
}
