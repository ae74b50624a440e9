<?php

declare(strict_types=1);

namespace Preheat\Worker;

/**
 * The worker's own class loader, for its own classes and the event loop and socket libraries only. The
 * worker runs inside the app's PHP process, next to the app's autoloader: it must not load Preheat's
 * Composer autoloader, whose packages (Symfony components among them) would clash with the app's.
 * Registered in front, so the worker gets its own versions of these libraries whatever the app carries.
 */
final class Autoloader
{
    /** @param array<string, string> $prefixes namespace prefix (with trailing backslash) => directory */
    public static function register(array $prefixes): void
    {
        uksort($prefixes, static fn (string $a, string $b): int => \strlen($b) <=> \strlen($a));
        spl_autoload_register(static function (string $class) use ($prefixes): void {
            foreach ($prefixes as $prefix => $directory) {
                if (str_starts_with($class, $prefix)) {
                    $file = $directory.'/'.strtr(substr($class, \strlen($prefix)), '\\', '/').'.php';
                    if (is_file($file)) {
                        require $file;
                    }

                    return;
                }
            }
        }, true, true);
    }

    /**
     * Declares every class under the given prefixes now (but those under $except), so that the process can
     * drop to a user who may not read the files.
     *
     * @param array<string, string> $prefixes
     * @param list<string>          $except   prefixes not to declare (the app adapters need the app's classes)
     */
    public static function declareAll(array $prefixes, array $except = []): void
    {
        foreach ($prefixes as $prefix => $directory) {
            if (!is_dir($directory)) {
                continue;
            }
            $files = new \RecursiveIteratorIterator(
                new \RecursiveDirectoryIterator($directory, \FilesystemIterator::SKIP_DOTS),
            );
            foreach ($files as $file) {
                $path = (string) $file;
                if (!str_ends_with($path, '.php') || !ctype_upper(basename($path)[0])) {
                    continue;
                }
                $class = $prefix.strtr(substr($path, \strlen($directory) + 1, -4), '/', '\\');
                foreach ($except as $skip) {
                    if (str_starts_with($class, $skip)) {
                        continue 2;
                    }
                }
                class_exists($class) || interface_exists($class) || trait_exists($class);
            }
        }
    }
}
