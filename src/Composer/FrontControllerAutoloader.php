<?php

declare(strict_types=1);

namespace Preheat\Composer;

use Preheat\Util\BoundedRead;

/**
 * Finds the Composer vendor directory an app really loads its classes with, when it is not where composer.json
 * says (a CMS that ships its own vendor/ inside its core folder): by reading the requires of its front controller
 * (public/index.php, index.php, web/index.php) and of the files they require, as far as their paths are plain
 * (as `DumpedArrayFile::pathOf()` reads them: string literals, __DIR__, dirname(), joined with '.'), up to
 * an autoload.php next to a composer/ directory Composer dumped. No PHP runs.
 */
final class FrontControllerAutoloader
{
    private const FRONT_CONTROLLERS = ['public/index.php', 'index.php', 'web/index.php'];

    /** Requires followed from a front controller: a bootstrap file, then the autoload.php it requires. */
    private const MAX_DEPTH = 4;

    /** Files read in all, and the size of each: front controllers and bootstraps are small. */
    private const MAX_FILES = 30;

    private const MAX_FILE_BYTES = 1048576;

    /**
     * @return array{string, string}|null the vendor directory (real path) and the front controller that leads to
     *                                    it, relative to the root; null when none does
     */
    public function find(string $root): ?array
    {
        $read = 0;
        foreach (self::FRONT_CONTROLLERS as $front) {
            $file = realpath($root.'/'.$front);
            if (false === $file || !is_file($file)) {
                continue;
            }
            $vendor = $this->follow($file, 0, $read);
            if (null !== $vendor) {
                return [$vendor, $front];
            }
        }

        return null;
    }

    private function follow(string $file, int $depth, int &$read): ?string
    {
        if ($depth > self::MAX_DEPTH || ++$read > self::MAX_FILES) {
            return null;
        }
        $code = BoundedRead::orNull($file, self::MAX_FILE_BYTES);
        if (null === $code) {
            return null;
        }
        foreach (self::requiredPaths($code, $file) as $required) {
            $path = realpath($required);
            if (false === $path || !is_file($path)) {
                continue;
            }
            if ('autoload.php' === basename($path) && is_file(\dirname($path).'/composer/autoload_real.php')) {
                return \dirname($path);
            }
            $vendor = $this->follow($path, $depth + 1, $read);
            if (null !== $vendor) {
                return $vendor;
            }
        }

        return null;
    }

    /** @return list<string> the paths of the file's requires and includes that are plain enough to resolve */
    private static function requiredPaths(string $code, string $file): array
    {
        $directory = \dirname($file);
        try {
            $tokens = SignificantTokens::of($code);
        } catch (\Throwable) {
            return [];
        }
        $paths = [];
        $count = \count($tokens);
        for ($i = 0; $i < $count; ++$i) {
            if (!$tokens[$i]->is([\T_REQUIRE, \T_REQUIRE_ONCE, \T_INCLUDE, \T_INCLUDE_ONCE])) {
                continue;
            }
            $end = $i + 1;
            while ($end < $count && !$tokens[$end]->is([';', \T_CLOSE_TAG])) {
                ++$end;
            }
            $path = DumpedArrayFile::pathOf(\array_slice($tokens, $i + 1, $end - $i - 1), $file);
            if (null !== $path) {
                // A relative path is looked for next to the including file (the front controller runs from its
                // own directory, so the current directory is the same for it).
                $paths[] = str_starts_with($path, '/') ? $path : $directory.'/'.$path;
            }
            $i = $end;
        }

        return $paths;
    }
}
