<?php

declare(strict_types=1);

namespace Preheat\Config;

/**
 * preheat.json as read, by command area: each section is checked (its keys and their types) when asked for,
 * so that a command reads what it uses, and an app that is never benched needs no bench settings.
 */
final class ProjectConfig
{
    public function __construct(
        /** The project's directory, resolved. */
        public readonly string $root,
        /** The file read (it may not exist: then every section is empty). */
        public readonly string $file,
        public readonly ConfigSection $top,
    ) {
    }

    /**
     * "bench": its keys are checked (those of the table and $declared, the extensions' own); its values are read by
     * the bench's loader.
     *
     * @param list<ConfigKey> $declared
     */
    public function bench(array $declared = []): ConfigSection
    {
        return $this->top->section('bench', [
            ...ConfigKeys::under('bench'),
            ...array_map(static fn (ConfigKey $key): string => $key->name(), $declared),
        ]);
    }

    /** "generate": what generate, explain and doctor scan and leave out. */
    public function generate(): GenerateSection
    {
        $generate = $this->top->section('generate');

        return new GenerateSection($generate->stringList('paths'), $generate->stringList('ignore'));
    }

    /**
     * "bench.usage" and "bench.hot": the traffic hot plans from, and how much of it, for bench and generate. The
     * other bench keys are the bench's to check (bench()): a typo there does not stop generate.
     */
    public function usage(): UsageSection
    {
        return UsageSection::of($this->top->object('bench'));
    }
}
