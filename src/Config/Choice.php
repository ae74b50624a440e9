<?php

declare(strict_types=1);

namespace Preheat\Config;

/**
 * A setting of preheat.json whose values a registry lists: the schema's enum (or, for bench.binaries, its
 * keys) is read from the registry, never copied. The registries are above this stage: Choices carries them.
 */
enum Choice: string
{
    case Runtime = 'runtime';
    case LoadTool = 'load tool';
    case Schedule = 'schedule';
    case WorkerAdapter = 'worker adapter';
    /** The roles of bench.binaries: the binaries the runtimes and the load tools run. */
    case BinaryRole = 'binary role';
}
