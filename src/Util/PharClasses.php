<?php

declare(strict_types=1);

namespace Preheat\Util;

use Composer\Autoload\ClassLoader;

/**
 * Declares classes of preheat.phar up front, before the process forks.
 *
 * Why: PHP reads every file of a PHAR through one open handle of the archive, seeking to the file and
 * reading it. Forked children share that handle's position with their parent and with each other, so
 * children that autoload at the same time read each other's bytes: "internal corruption of phar (crc32
 * mismatch)", then "Class ... not found", and the child dies. Declared before the fork, nothing is read
 * from the archive afterwards. Run from a clone or a Composer install (separate files) it does nothing.
 */
final class PharClasses
{
    /**
     * Declares every class, interface, trait and enum of the PHAR's class map under these prefixes.
     *
     * @param list<string> $prefixes namespace prefixes with their trailing backslash; only classes that need
     *                               nothing outside the PHAR (never the framework hooks)
     */
    public static function declareBeforeFork(array $prefixes): void
    {
        if ('' === \Phar::running(false)) {
            return;
        }
        foreach (ClassLoader::getRegisteredLoaders() as $loader) {
            foreach (array_keys($loader->getClassMap()) as $class) {
                foreach ($prefixes as $prefix) {
                    if (str_starts_with($class, $prefix)) {
                        // Autoloads the file whatever it declares; false for an interface, trait or enum is fine.
                        class_exists($class);
                        break;
                    }
                }
            }
        }
    }
}
