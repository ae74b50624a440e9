<?php

declare(strict_types=1);

namespace Preheat\Bench\Layering;

use Preheat\Composer\ComposerProject;
use Preheat\Composer\RuntimeRegistrationScan;
use Preheat\Inventory\Inventory;

/**
 * Builds the autoloader rung's classmap from Preheat's inventory, so that the app finds the same class
 * in the same file as with its own autoloader:
 * - a Composer project (vendor/ installed): every scanned class whose file is the one Composer's rules
 *   give for it (classmap, PSR-4, PSR-0), as `composer dump-autoload --classmap-authoritative` maps it;
 *   Composer's own loader takes the map and answers a miss at once, as an authoritative one does, unless a
 *   scanned file of the app adds to that loader while it runs (RuntimeRegistrationScan): then a miss is searched
 *   for as before, since an authoritative loader would never find a class under what the app adds;
 * - any other app with an autoloader: classes declared once, unconditionally, in a file that does
 *   nothing else when included (a file that runs code is one the app includes itself); on a miss the
 *   app's own autoloaders run as before;
 * - an app where no scanned file registers an autoloader: not applicable.
 */
final class ClassmapBuilder
{
    public function build(ComposerProject $project, Inventory $inventory, Inventory $context): Classmap
    {
        $autoload = null === $project->vendorDir ? null : $project->vendorDir.'/autoload.php';
        if (null !== $autoload && is_file($autoload) && is_file($project->vendorDir.'/composer/ClassLoader.php')) {
            return $this->composer($project, $inventory, $context, $autoload);
        }
        if (!$this->registersAutoloader([...array_keys($inventory->files), ...array_keys($context->files)])) {
            return Classmap::notApplicable(
                'no scanned file registers an autoloader (spl_autoload_register), so the app includes its classes'
                .' itself and there is nothing for a classmap to replace',
            );
        }

        return $this->inFront($inventory, $context);
    }

    private function composer(
        ComposerProject $project,
        Inventory $inventory,
        Inventory $context,
        string $autoload,
    ): Classmap {
        $classes = [];
        $leftOut = 0;
        foreach ($inventory->files as $path => $file) {
            if (null !== $file->parseError) {
                continue;
            }
            foreach ([...$file->classLikes(), ...$file->conditionalDeclarations] as $declaration) {
                if (!$declaration->kind->isClassLike()) {
                    continue;
                }
                $expected = $project->autoload->fileFor($declaration->name);
                if (null !== $expected && realpath($expected) === $path) {
                    $classes[$declaration->name] = $path;
                } else {
                    ++$leftOut;
                }
            }
        }
        ksort($classes);
        if ([] === $classes) {
            return Classmap::notApplicable('Composer\'s autoload rules map none of the scanned classes');
        }
        // What Composer's dumped classmap maps already, it maps to this very file (its rules look there first).
        $lacking = array_diff_key($classes, $project->autoload->classMap);
        $registeredAtRunTime = (new RuntimeRegistrationScan())->find(
            [...array_keys($inventory->files), ...array_keys($context->files)],
            $project->vendorDir,
        )[0] ?? null;
        if ([] === $lacking && null !== $registeredAtRunTime) {
            return Classmap::notApplicable(\sprintf(
                'Composer\'s optimised classmap maps every scanned class it can load already, and the app adds to'
                .' its loader while it runs (%s), so it is not made authoritative either: nothing to add',
                $registeredAtRunTime->describe(),
            ));
        }
        if ([] === $lacking && self::authoritativeAlready($project->vendorDir.'/composer/autoload_real.php')) {
            return Classmap::notApplicable(
                'Composer\'s loader is authoritative already, with an optimised classmap that maps every scanned'
                .' class it can load: nothing to add',
            );
        }

        return Classmap::forComposer(
            $lacking,
            $autoload,
            $leftOut,
            $registeredAtRunTime,
            \count($classes) - \count($lacking),
        );
    }

    /** Whether Composer dumped its loader authoritative (`classmap-authoritative`, `--classmap-authoritative`). */
    private static function authoritativeAlready(string $autoloadReal): bool
    {
        $code = is_file($autoloadReal) ? @file_get_contents($autoloadReal, length: 65536) : false;

        return false !== $code && str_contains($code, 'setClassMapAuthoritative(true)');
    }

    private function inFront(Inventory $inventory, Inventory $context): Classmap
    {
        $classes = [];
        $leftOut = 0;
        foreach ($inventory->files as $path => $file) {
            if (null !== $file->parseError) {
                continue;
            }
            foreach ($file->classLikes() as $declaration) {
                $name = $declaration->name;
                $declarers = [...$inventory->filesDeclaringClass($name), ...$context->filesDeclaringClass($name)];
                $conditional = [
                    ...$inventory->filesDeclaringConditionally($name),
                    ...$context->filesDeclaringConditionally($name),
                ];
                if ($file->hasSideEffects() || 1 !== \count(array_unique($declarers)) || [] !== $conditional) {
                    ++$leftOut;
                    continue;
                }
                $classes[strtolower($declaration->name)] = $path;
            }
        }
        ksort($classes);

        return [] === $classes
            ? Classmap::notApplicable(
                'every scanned class is declared twice or conditionally, or in a file that runs code when included:'
                .' the app\'s own autoloader must decide',
            )
            : Classmap::inFront($classes, $leftOut);
    }

    /** @param list<string> $files */
    private function registersAutoloader(array $files): bool
    {
        foreach ($files as $file) {
            $code = @file_get_contents($file);
            if (false !== $code && false !== stripos($code, 'spl_autoload_register')) {
                return true;
            }
        }

        return false;
    }
}
