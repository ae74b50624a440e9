<?php

declare(strict_types=1);

namespace Preheat\Util;

/**
 * Temporary files made through the run's registry, so that an interrupt leaves none behind; a plain tempnam()
 * where no registry is installed (a library use of a Util class, a test).
 */
final class TemporaryFiles
{
    private static ?TemporaryFileRegistry $registry = null;

    /** The registry of the process: one, as signal handlers are process-wide. */
    public static function use(TemporaryFileRegistry $registry): void
    {
        self::$registry = $registry;
    }

    /** @return string|false a new empty file, as tempnam() */
    public static function create(string $directory, string $prefix): string|false
    {
        return null === self::$registry
            ? @tempnam($directory, $prefix)
            : self::$registry->temporaryFile($directory, $prefix);
    }

    public static function forget(string $path): void
    {
        self::$registry?->forgetPath($path);
    }
}
