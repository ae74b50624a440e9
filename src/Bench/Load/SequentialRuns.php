<?php

declare(strict_types=1);

namespace Preheat\Bench\Load;

/**
 * Runs one after another in the background, added up as one run: a tool that cannot cycle through
 * pages (ab) loads them page by page, each for its share of the time.
 */
final class SequentialRuns implements LoadRun
{
    private ?LoadRun $current = null;
    /** @var list<LoadResult> */
    private array $results = [];
    private ?LoadResult $combined = null;

    /** @var list<\Closure(): LoadRun> */
    private array $runs;

    /** @param list<\Closure(): LoadRun> $runs started in order, each once the one before has ended */
    public function __construct(array $runs)
    {
        if ([] === $runs) {
            throw new \LogicException('No run to start.');
        }
        $this->runs = $runs;
    }

    public function poll(): ?LoadResult
    {
        while (null === $this->combined) {
            if (null === $this->current) {
                $next = array_shift($this->runs) ?? throw new \LogicException('No run left to start.');
                $this->current = $next();
            }
            $result = $this->current->poll();
            if (null === $result) {
                return null;
            }
            $this->results[] = $result;
            $this->current = null;
            if ([] === $this->runs) {
                $this->combined = LoadResult::combine($this->results);
            }
        }

        return $this->combined;
    }

    public function abort(): void
    {
        $this->current?->abort();
        $this->runs = [];
    }
}
