<?php

declare(strict_types=1);

namespace Preheat\Progress;

/**
 * Where a run's seconds go: named spans, nested as the work is, each with counts (files, bytes, processes).
 * A span of the same name under the same parent is added to, not repeated (a plan pass run once per replan is
 * one line with its total). Every process a run starts is reported here (see the runner that wraps them): one
 * started inside a boot() span is that boot; one started anywhere else is listed as "other", so that a process
 * nobody named still shows in the table.
 */
final class Timings
{
    /** @var list<TimingNode> the open spans, innermost last; the first is the run itself */
    private array $open;

    private readonly int $started;

    public function __construct()
    {
        $this->started = hrtime(true);
        $this->open = [new TimingNode('total', false)];
    }

    /**
     * Runs $work inside a span named $name.
     *
     * @template T
     *
     * @param \Closure(): T $work
     *
     * @return T
     */
    public function span(string $name, \Closure $work): mixed
    {
        return $this->within($name, false, $work);
    }

    /**
     * Runs $work, which starts a PHP process, inside a span saying what that process is for.
     *
     * @template T
     *
     * @param \Closure(): T $work
     *
     * @return T
     */
    public function boot(string $purpose, \Closure $work): mixed
    {
        return $this->within($purpose, true, $work);
    }

    /** Adds to a count of the innermost open span, e.g. files parsed. */
    public function count(string $what, int $amount): void
    {
        $this->current()->add($what, $amount);
    }

    /** A process that ran for $seconds: counted by the boot span it ran in, or listed as "other". */
    public function process(string $command, float $seconds): void
    {
        foreach (array_reverse($this->open) as $node) {
            if ($node->isBoot) {
                $node->add('processes', 1);

                return;
            }
        }
        $other = $this->current()->child('other process: '.$command, false);
        $other->seconds += $seconds;
        ++$other->times;
        $other->add('processes', 1);
    }

    /** The spans so far, depth first, and the seconds since the run began. */
    public function report(): TimingReport
    {
        $rows = [];
        foreach ($this->open[0]->children as $child) {
            self::flatten($child, 0, $rows);
        }

        return new TimingReport($rows, (hrtime(true) - $this->started) / 1e9);
    }

    /** @param list<TimingSpan> $rows */
    private static function flatten(TimingNode $node, int $depth, array &$rows): void
    {
        $rows[] = new TimingSpan($node->name, $depth, $node->seconds, $node->times, $node->counts, $node->isBoot);
        foreach ($node->children as $child) {
            self::flatten($child, $depth + 1, $rows);
        }
    }

    /**
     * @template T
     *
     * @param \Closure(): T $work
     *
     * @return T
     */
    private function within(string $name, bool $isBoot, \Closure $work): mixed
    {
        $node = $this->current()->child($name, $isBoot);
        $this->open[] = $node;
        $started = hrtime(true);
        try {
            return $work();
        } finally {
            $node->seconds += (hrtime(true) - $started) / 1e9;
            ++$node->times;
            array_pop($this->open);
        }
    }

    private function current(): TimingNode
    {
        return $this->open[\count($this->open) - 1];
    }
}
