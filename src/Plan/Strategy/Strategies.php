<?php

declare(strict_types=1);

namespace Preheat\Plan\Strategy;

use Preheat\Util\NamedRegistry;

/**
 * Every strategy of a run, by name and alias, the default first: `generate --strategy` and a bench scenario's SPEC
 * both look it up here. The console builds it once (standard() lists the strategies Preheat ships) and with() adds
 * one.
 */
final class Strategies
{
    /** @param NamedRegistry<StrategyKind> $kinds */
    private function __construct(private readonly NamedRegistry $kinds)
    {
    }

    public static function standard(): self
    {
        /** @var NamedRegistry<StrategyKind> $kinds */
        $kinds = new NamedRegistry('strategy');

        return (new self($kinds))
            ->with(new EverySafeFile())
            ->with(new HotKind())
            ->with(new TraceKind())
            ->with(new CountedKind());
    }

    public function with(StrategyKind $kind): self
    {
        return new self($this->kinds->with($kind));
    }

    /** The strategy by its name or one of its aliases; null when there is none. */
    public function get(string $name): ?StrategyKind
    {
        $kind = $this->kinds->get($name);
        if (null !== $kind) {
            return $kind;
        }
        foreach ($this->kinds->all() as $kind) {
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
        return $this->kinds->default();
    }

    /** @return list<string> the names, aliases after each name they stand for */
    public function names(): array
    {
        $names = [];
        foreach ($this->kinds->all() as $kind) {
            $names = [...$names, $kind->name(), ...$kind->aliases()];
        }

        return $names;
    }

    /** @return list<StrategyKind> */
    public function all(): array
    {
        return $this->kinds->all();
    }

    /** For help texts: "paths (every safe file ...; also all), hot (...) or trace (...)". */
    public function describe(): string
    {
        return $this->kinds->describe(static fn (StrategyKind $kind): string => \sprintf(
            '%s (%s%s)',
            $kind->name(),
            $kind->help(),
            [] === $kind->aliases() ? '' : '; also '.implode(', ', $kind->aliases()),
        ));
    }
}
