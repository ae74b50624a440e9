<?php

declare(strict_types=1);

namespace Preheat\Bench\Result;

use Preheat\Bench\Load\LoadResult;
use Preheat\Server\OpcacheStatus;

/**
 * Everything measured for one scenario: its script, whether it passed the gate, its runs in round
 * order, and what its php-fpm reported about OPcache and memory.
 */
final class ScenarioRecord
{
    /** @var array<int, LoadResult> round => run */
    public array $runs = [];

    /** @var list<string> why the scenario was not measured (failed to prepare, to start, or the gate) */
    public array $problems = [];

    public ?float $fpmStartSeconds = null;

    /** what the status probe inside php-fpm said */
    public ?OpcacheStatus $opcacheStatus = null;

    /** @var list<int> PSS in bytes of each php-fpm worker after the last round */
    public array $workerPss = [];

    /**
     * @param array<string, string> $ini php.ini settings of this scenario besides preloading (the recorder's auto_prepend_file)
     */
    public function __construct(
        public readonly string $name,
        public readonly string $spec,
        public readonly ?string $preloadScript,
        public readonly string $preparation = '',
        public readonly array $ini = [],
    ) {
    }

    public function isMeasured(): bool
    {
        return [] === $this->problems;
    }

    /** @return list<LoadResult> */
    public function validRuns(): array
    {
        return array_values(array_filter($this->runs, static fn (LoadResult $r): bool => $r->isValid()));
    }
}
