<?php

declare(strict_types=1);

namespace Preheat\Plan\Strategy;

/**
 * Every strategy this version knows, by name and alias, the default first: `generate --strategy` and a
 * bench scenario's SPEC both look it up here. Adding a strategy: one class and one line in standard().
 */
final class Strategies
{
    /** @param array<string, StrategyKind> $kinds name => kind */
    private function __construct(private readonly array $kinds)
    {
    }

    public static function standard(): self
    {
        return (new self([]))
            ->with(new EverySafeFile())
            ->with(new HotKind())
            ->with(new TraceKind())
            ->with(new CountedKind());
    }

    public function with(StrategyKind $kind): self
    {
        return new self($this->kinds + [$kind->name() => $kind]);
    }

    /** The strategy by its name or one of its aliases; null when there is none. */
    public function get(string $name): ?StrategyKind
    {
        if (isset($this->kinds[$name])) {
            return $this->kinds[$name];
        }
        foreach ($this->kinds as $kind) {
            if (\in_array($name, $kind->aliases(), true)) {
                return $kind;
            }
        }

        return null;
    }

    /**
     * The first registered: what `generate` with no --strategy falls back to when it finds no evidence of
     * what traffic loads (with evidence, it plans hot).
     */
    public function default(): StrategyKind
    {
        foreach ($this->kinds as $kind) {
            return $kind;
        }

        throw new \LogicException('No strategy is registered.');
    }

    /** @return list<string> the names, aliases after each name they stand for */
    public function names(): array
    {
        $names = [];
        foreach ($this->kinds as $name => $kind) {
            $names = [...$names, $name, ...$kind->aliases()];
        }

        return $names;
    }

    /** @return list<StrategyKind> */
    public function all(): array
    {
        return array_values($this->kinds);
    }

    /** For help texts: "paths (every safe file ...; also all), hot (...) or trace (...)". */
    public function describe(): string
    {
        $parts = array_map(static fn (StrategyKind $kind): string => \sprintf(
            '%s (%s%s)',
            $kind->name(),
            $kind->help(),
            [] === $kind->aliases() ? '' : '; also '.implode(', ', $kind->aliases()),
        ), array_values($this->kinds));
        $last = array_pop($parts);

        return [] === $parts ? (string) $last : implode(', ', $parts).' or '.$last;
    }
}
