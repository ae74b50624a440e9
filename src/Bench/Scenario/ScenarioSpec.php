<?php

declare(strict_types=1);

namespace Preheat\Bench\Scenario;

use Preheat\ConfigError;
use Preheat\Plan\Strategy\Strategies;
use Preheat\Setting;
use Preheat\Util\EchoedValue;

/**
 * One benchmark scenario: a name and what it preloads (ScenarioPreload). SPEC is `none`, `record` (no
 * preloading, the usage recorder on: what recording costs), `naive` (every scanned file compiled, as
 * compile-everything preloaders do, run as it is), a preload script path, or a strategy for
 * `generate` (Strategies: `paths`, also spelled `all`, every safe file; `hot`, what recorded traffic
 * loads most; `trace`, what one pass over the pages loads). Its layers say what else it changes
 * (OPcache's settings, the autoloader, the runtime).
 */
final class ScenarioSpec
{
    /** The SPEC as written, for the report. */
    public readonly string $spec;

    private function __construct(
        public readonly string $name,
        public readonly ScenarioPreload $preload,
        public readonly ScenarioLayers $layers = new ScenarioLayers(),
    ) {
        $this->spec = $preload->spec();
    }

    /** The same preloading under other layers (OPcache, autoloader, runtime): a rung of the ladder. */
    public function withLayers(ScenarioLayers $layers): self
    {
        return new self($this->name, $this->preload, $layers);
    }

    /** A scenario Preheat defines itself (a ladder's rung): its preloading already typed. */
    public static function of(string $name, ScenarioPreload $preload, ScenarioLayers $layers): self
    {
        return new self($name, $preload, $layers);
    }

    public static function parse(
        string $name,
        string $spec,
        string $baseDirectory,
        Strategies $strategies,
    ): self {
        $name = trim($name);
        $spec = trim($spec);
        if ('' === $name || !preg_match('/^[A-Za-z0-9][A-Za-z0-9_.-]*$/', $name)) {
            $error = ConfigError::invalid(
                'scenario name',
                $name,
                'use letters, digits, dot, dash or underscore, e.g. all',
                Setting::Scenarios,
            );
            throw $error;
        }
        $strategy = $strategies->get($spec);
        $preload = match (true) {
            NoPreload::SPEC === $spec => new NoPreload(),
            Recording::SPEC === $spec => new Recording(),
            Naive::SPEC === $spec => new Naive(),
            null !== $strategy => new Generated($strategy, $spec),
            default => null,
        };
        if (null !== $preload) {
            return new self($name, $preload);
        }
        $path = str_starts_with($spec, '/') ? $spec : $baseDirectory.'/'.$spec;
        if (!is_file($path)) {
            $error = ConfigError::invalid(
                \sprintf('scenario "%s"', $name),
                $spec,
                \sprintf(
                    'give none, record, naive, %s, or the path of a preload script (no file at %s)',
                    implode(', ', $strategies->names()),
                    EchoedValue::cut($path),
                ),
                Setting::Scenarios,
            );
            throw $error;
        }

        return new self($name, new GivenScript((string) realpath($path)));
    }

    /** `NAME=SPEC`, or a bare `SPEC` that names itself (`--scenario=none`, `--scenario=all`). */
    public static function fromOption(string $option, string $baseDirectory, Strategies $strategies): self
    {
        $parts = explode('=', $option, 2);

        return 2 === \count($parts)
            ? self::parse($parts[0], $parts[1], $baseDirectory, $strategies)
            : self::parse(basename($option, '.php'), $option, $baseDirectory, $strategies);
    }

    public function isNone(): bool
    {
        return $this->preload instanceof NoPreload;
    }
}
