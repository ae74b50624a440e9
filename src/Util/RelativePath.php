<?php

declare(strict_types=1);

namespace Preheat\Util;

/** Paths as reports, messages and rules show them: relative to the project root when they lie under it. */
final class RelativePath
{
    /** $path relative to $root when it lies under it; any other path (the root itself too) as given. */
    public static function of(string $path, string $root): string
    {
        return str_starts_with($path, $root.'/') ? substr($path, \strlen($root) + 1) : $path;
    }

    /** The same, with "." for the root itself: for listing directories. */
    public static function orDot(string $path, string $root): string
    {
        return $path === $root ? '.' : self::of($path, $root);
    }

    /** Whether $path is $directory or lies under it. */
    public static function isInside(string $path, string $directory): bool
    {
        return $path === $directory || str_starts_with($path, rtrim($directory, '/').'/');
    }
}
