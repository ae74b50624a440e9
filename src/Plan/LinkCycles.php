<?php

declare(strict_types=1);

namespace Preheat\Plan;

/**
 * Finds the classes that wait for each other at preload. OPcache links a preloaded class only once what
 * it needs is linked: its parent, interfaces and traits, and the classes PHP loads to check its method
 * signatures (an unlinked class cannot be looked up by name). It retries until nothing changes, so the
 * order of the script does not matter, but a cycle (Polygon::copy(): Square where Square extends Polygon,
 * or A::m(): B and B::n(): A both overriding `object`) never links: "Can't preload unlinked class".
 * A class that needs nothing to link is bound by name when compiled and ends every chain, so only classes
 * with ancestors can be on a cycle.
 */
final class LinkCycles
{
    /** @var array<string, list<string>> */
    private array $edges;

    /** @var array<string, int> */
    private array $index = [];

    /** @var array<string, int> */
    private array $low = [];

    /** @var list<string> */
    private array $stack = [];

    /** @var array<string, true> */
    private array $onStack = [];

    /** @var list<list<string>> */
    private array $cycles = [];

    private int $counter = 0;

    /**
     * @param array<string, list<string>> $edges node => the nodes it needs linked first
     *
     * @return list<list<string>> the groups of nodes that need each other (strongly connected, more than one node)
     */
    public static function in(array $edges): array
    {
        $finder = new self();
        $finder->edges = $edges;
        foreach (array_keys($edges) as $node) {
            if (!isset($finder->index[(string) $node])) {
                $finder->connect((string) $node);
            }
        }

        return $finder->cycles;
    }

    /** Tarjan's algorithm. Chains of ancestors and signatures are short, so recursion stays shallow. */
    private function connect(string $node): void
    {
        $this->index[$node] = $this->low[$node] = $this->counter++;
        $this->stack[] = $node;
        $this->onStack[$node] = true;
        foreach ($this->edges[$node] ?? [] as $next) {
            if (!isset($this->index[$next])) {
                $this->connect($next);
                $this->low[$node] = min($this->low[$node], $this->low[$next]);
            } elseif (isset($this->onStack[$next])) {
                $this->low[$node] = min($this->low[$node], $this->index[$next]);
            }
        }
        if ($this->low[$node] !== $this->index[$node]) {
            return;
        }
        $component = [];
        do {
            $member = (string) array_pop($this->stack);
            unset($this->onStack[$member]);
            $component[] = $member;
        } while ($member !== $node);
        if (\count($component) > 1) {
            $this->cycles[] = $component;
        }
    }
}
