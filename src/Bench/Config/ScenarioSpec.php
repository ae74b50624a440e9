<?php

declare(strict_types=1);

namespace Preheat\Bench\Config;

use Preheat\Setting;

/**
 * One benchmark scenario: a name and how to preload. SPEC is `none`, `record` (no preloading, the
 * usage recorder on: what recording costs), a preload script path, or a strategy for `generate`:
 * `all` (every safe file), `hot` (what recorded traffic loads most) or `trace` (what one pass over
 * the pages loads). Its layers say what else it changes (OPcache's settings, the autoloader, the runtime).
 */
final class ScenarioSpec
{
    public const NONE = 'none';
    public const RECORD = 'record';
    public const STRATEGIES = ['all', 'hot', 'trace'];

    private function __construct(
        public readonly string $name,
        public readonly string $spec,
        public readonly ScenarioLayers $layers = new ScenarioLayers(),
    ) {
    }

    /** The same preloading under other layers (OPcache, autoloader, runtime): a rung of the ladder. */
    public function withLayers(ScenarioLayers $layers): self
    {
        return new self($this->name, $this->spec, $layers);
    }

    public static function parse(string $name, string $spec, string $baseDirectory): self
    {
        $name = trim($name);
        $spec = trim($spec);
        if ('' === $name || !preg_match('/^[A-Za-z0-9][A-Za-z0-9_.-]*$/', $name)) {
            throw ConfigError::invalid('scenario name', $name, 'use letters, digits, dot, dash or underscore, e.g. all', Setting::Scenarios);
        }
        if (self::NONE === $spec || self::RECORD === $spec || \in_array($spec, self::STRATEGIES, true)) {
            return new self($name, $spec);
        }
        $path = str_starts_with($spec, '/') ? $spec : $baseDirectory.'/'.$spec;
        if (!is_file($path)) {
            throw ConfigError::invalid(\sprintf('scenario "%s"', $name), $spec, \sprintf('give none, record, %s, or the path of a preload script (no file at %s)', implode(', ', self::STRATEGIES), $path), Setting::Scenarios);
        }

        return new self($name, (string) realpath($path));
    }

    /** `NAME=SPEC`, or a bare `SPEC` that names itself (`--scenario=none`, `--scenario=all`). */
    public static function fromOption(string $option, string $baseDirectory): self
    {
        $parts = explode('=', $option, 2);

        return 2 === \count($parts) ? self::parse($parts[0], $parts[1], $baseDirectory) : self::parse(basename($option, '.php'), $option, $baseDirectory);
    }

    public function isNone(): bool
    {
        return self::NONE === $this->spec;
    }

    public function isStrategy(): bool
    {
        return \in_array($this->spec, self::STRATEGIES, true);
    }

    public function isRecord(): bool
    {
        return self::RECORD === $this->spec;
    }

    public function isScript(): bool
    {
        return !$this->isNone() && !$this->isRecord() && !$this->isStrategy();
    }
}
