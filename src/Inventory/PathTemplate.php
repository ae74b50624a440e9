<?php

declare(strict_types=1);

namespace Preheat\Inventory;

/**
 * Lets the analysis of a file that names `__DIR__` or `__FILE__` be reused at another path. Such a file is
 * analysed as if it were at a template path of the same depth, each segment a token no PHP string of the file
 * can hold (a NUL-delimited tag); every path derived from the magic constants (`dirname()` of them, `..`
 * resolved, text appended) is then made of whole tokens, and putting the real segments in their place gives
 * exactly what the analysis at the real path gives. A file whose strings could hold such a token (NUL bytes
 * or escapes that make one, or the tag itself) is not templated: its analysis is kept for its own path only.
 *
 * @internal
 */
final class PathTemplate
{
    private const TAG = 'preheat-segment-';

    /** Whether the file's analysis depends on its path: it names a magic constant of the path (in any case). */
    public static function dependsOnPath(string $code): bool
    {
        return false !== stripos($code, '__DIR__') || false !== stripos($code, '__FILE__');
    }

    /** Whether $code can be analysed at the template path of $path (see the class comment). */
    public static function appliesTo(string $path, string $code): bool
    {
        return $path === '/'.implode('/', self::segments($path))
            && '/' !== $path
            && self::dependsOnPath($code)
            && !str_contains($code, "\0")
            && false === stripos($code, self::TAG)
            && !str_contains($code, '\\0')
            && false === stripos($code, '\\x0')
            && !str_contains($code, '\\u{');
    }

    /** The template path: as many segments as $path, each a token. */
    public static function of(string $path): string
    {
        $template = '';
        foreach (array_keys(self::segments($path)) as $index) {
            $template .= '/'.self::token($index);
        }

        return $template;
    }

    /** How many segments $path has: template analyses are shared between paths of the same depth. */
    public static function depth(string $path): int
    {
        return \count(self::segments($path));
    }

    /**
     * The analysis (FileInventory::toArray()) with every token replaced by the segment of $path it stands
     * for; strings without a token are left as they are.
     *
     * @param array<mixed> $entry
     *
     * @return array<mixed>
     */
    public static function rebase(array $entry, string $path): array
    {
        $map = [];
        foreach (self::segments($path) as $index => $segment) {
            $map[self::token($index)] = $segment;
        }
        array_walk_recursive($entry, static function (mixed &$value) use ($map): void {
            if (\is_string($value) && str_contains($value, "\0")) {
                $value = strtr($value, $map);
            }
        });

        return $entry;
    }

    /** @return list<string> */
    private static function segments(string $path): array
    {
        return array_values(
            array_filter(explode('/', $path), static fn (string $s): bool => '' !== $s && '.' !== $s && '..' !== $s),
        );
    }

    private static function token(int $index): string
    {
        return "\0".self::TAG.$index."\0";
    }
}
