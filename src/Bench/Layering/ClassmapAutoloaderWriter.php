<?php

declare(strict_types=1);

namespace Preheat\Bench\Layering;

use Preheat\Util\AtomicFile;

/**
 * Writes a classmap into a scenario's directory, `classmap.php` (var_export), and the file PHP runs
 * before every request (auto_prepend_file) that puts it to work, `classmap-autoloader.php`. Nothing of
 * the app is touched.
 */
final class ClassmapAutoloaderWriter
{
    /** @return string the file to prepend */
    public function write(Classmap $classmap, string $directory): string
    {
        if (null !== $classmap->notApplicable) {
            throw new \LogicException('No classmap to write: '.$classmap->notApplicable);
        }
        $adds = null === $classmap->composerAutoload || [] !== $classmap->classes;
        if ($adds) {
            AtomicFile::write(
                $directory.'/classmap.php',
                "<?php\n\n// The ladder's autoloader rung: class => file, from Preheat's inventory.\n"
                .'return '.var_export($classmap->classes, true).";\n",
                AtomicFile::READABLE,
            );
        }
        $loader = $directory.'/classmap-autoloader.php';
        AtomicFile::write(
            $loader,
            null !== $classmap->composerAutoload
                ? self::composer($classmap->composerAutoload, $classmap->authoritative(), $adds)
                : self::inFront(),
            AtomicFile::READABLE,
        );

        return $loader;
    }

    /**
     * Composer registers its loader in front of every other; it is booted here rather than by the front controller
     * (requiring vendor/autoload.php again returns the same loader) and made authoritative, as
     * `dump-autoload --classmap-authoritative` does. The classes its own classmap lacks (none with an optimised one)
     * are answered after it, by a lookup that runs on its misses only: merging them into its map would copy the
     * whole map on every request. An app that adds to the loader while it runs (Classmap::$registeredAtRunTime)
     * keeps it searching on a miss, and the lacking classes are merged into its map, which spares that search.
     */
    private static function composer(string $autoload, bool $authoritative, bool $adds): string
    {
        $path = var_export($autoload, true);
        if (!$authoritative) {
            return <<<PHP
                <?php

                // Written by preheat bench (the ladder's autoloader rung): Composer's class loader given the classes
                // its classmap lacks, from Preheat's inventory; not made authoritative: the app adds to the loader
                // while it runs. The app's vendor/ is not touched.
                (static function (): void {
                    \$loader = require {$path};
                    \$loader->addClassMap(require __DIR__.'/classmap.php');
                })();

                PHP;
        }
        $behind = !$adds ? '' : <<<'PHP'

                // The classes its classmap lacks, from Preheat's inventory: asked on its misses only.
                $classmap = require __DIR__.'/classmap.php';
                spl_autoload_register(static function (string $class) use ($classmap): void {
                    $file = $classmap[$class] ?? null;
                    if (null !== $file) {
                        (static function () use ($file): void {
                            include $file;
                        })();
                    }
                });
            PHP;

        return <<<PHP
            <?php

            // Written by preheat bench (the ladder's autoloader rung): Composer's class loader made authoritative.
            // The app's vendor/ is not touched.
            (static function (): void {
                \$loader = require {$path};
                \$loader->setClassMapAuthoritative(true);{$behind}
            })();

            PHP;
    }

    /**
     * A classmap autoloader in front of the app's: it includes a mapped class's file; on a miss the app's own
     * autoloaders run as before.
     */
    private static function inFront(): string
    {
        return <<<'PHP'
            <?php

            // Written by preheat bench (the ladder's autoloader rung): a classmap built from Preheat's
            // inventory, asked before the app's own autoloaders, which still answer what it does not map.
            (static function (): void {
                $classmap = require __DIR__.'/classmap.php';
                spl_autoload_register(static function (string $class) use ($classmap): void {
                    $file = $classmap[strtolower($class)] ?? null;
                    if (null !== $file) {
                        (static function () use ($file): void {
                            include $file;
                        })();
                    }
                }, true, true);
            })();

            PHP;
    }
}
