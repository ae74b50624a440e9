<?php

declare(strict_types=1);

namespace Preheat\Util;

/**
 * Entries by name, in the order they were added, the first the default: what the registries of runtimes, load
 * tools and strategies are made of. Built once (the console's Application) and handed to whoever asks; with()
 * adds an entry from outside (a plugin, a test) without any other file knowing it.
 *
 * @template T of Named
 */
final class NamedRegistry
{
    /**
     * @param string           $what    what an entry is, for the error when none is registered: "load tool"
     * @param array<string, T> $entries name => entry
     */
    public function __construct(private readonly string $what, private readonly array $entries = [])
    {
    }

    /**
     * These entries and $entry (an entry of a name already registered is kept).
     *
     * @param T $entry
     *
     * @return self<T>
     */
    public function with(Named $entry): self
    {
        return new self($this->what, $this->entries + [$entry->name() => $entry]);
    }

    /** @return T|null */
    public function get(string $name): ?Named
    {
        return $this->entries[$name] ?? null;
    }

    /**
     * The first registered: what a run uses when none is configured.
     *
     * @return T
     */
    public function default(): Named
    {
        foreach ($this->entries as $entry) {
            return $entry;
        }

        throw new \LogicException(\sprintf('No %s is registered.', $this->what));
    }

    /** @return list<string> */
    public function names(): array
    {
        return array_keys($this->entries);
    }

    /** @return list<T> */
    public function all(): array
    {
        return array_values($this->entries);
    }

    /**
     * Each entry as $describe says it, for a help text: "a (x), b (y) or c (z)".
     *
     * @param \Closure(T): string $describe
     */
    public function describe(\Closure $describe): string
    {
        return self::phrase(array_map($describe, $this->all()));
    }

    /**
     * "a, b or c" ("a" alone, "" for none; "a, b and c" with the conjunction "and").
     *
     * @param list<string> $parts
     */
    public static function phrase(array $parts, string $conjunction = 'or'): string
    {
        $last = array_pop($parts);

        return [] === $parts ? (string) $last : implode(', ', $parts).' '.$conjunction.' '.$last;
    }
}
