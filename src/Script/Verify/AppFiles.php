<?php

declare(strict_types=1);

namespace Preheat\Script\Verify;

use Preheat\Composer\ComposerProject;
use Preheat\Composer\ComposerProjectLoader;
use Preheat\Composer\ProjectError;
use Preheat\Inventory\SourceFinder;
use Preheat\Inventory\SourceSelection;
use Preheat\Util\RelativePath;

/**
 * Every file the app can load at run time, for the pool user's access check: the PHP files of the scanned tree (the
 * whole Composer tree and the app's own code, its caches included) and every file Composer's autoloader names (the
 * `files` it includes on every request, its class map), whether the plan preloads them or not. Only real paths
 * inside the project (or its vendor directory): a fix never reaches through a link into another tree.
 */
final class AppFiles
{
    /**
     * From a scan that was made already (generate's).
     *
     * @return list<string>
     */
    public static function of(ComposerProject $project, ?SourceSelection $selection): array
    {
        $files = [
            ...$selection->files ?? [],
            ...$selection->context ?? [],
            ...$project->autoload->files,
            ...array_values($project->autoload->classMap),
        ];
        $inside = array_values(array_filter([$project->root, $project->vendorDir]));
        $kept = [];
        foreach ($files as $file) {
            $real = realpath($file);
            if (false === $real || isset($kept[$real])) {
                continue;
            }
            foreach ($inside as $directory) {
                if (RelativePath::isInside($real, $directory)) {
                    $kept[$real] = true;
                    break;
                }
            }
        }
        $paths = array_map('strval', array_keys($kept));
        sort($paths, \SORT_STRING);

        return $paths;
    }

    /**
     * By a scan of the project made for the purpose (status'), as generate scans it; none for a directory that is
     * no PHP project (no composer.json, no vendor directory) or whose Composer files cannot be read.
     *
     * @return list<string>
     */
    public static function scan(string $projectRoot): array
    {
        try {
            $project = (new ComposerProjectLoader())->load($projectRoot, false);
        } catch (ProjectError) {
            return [];
        }
        if (!$project->hasComposerJson && !$project->hasVendor()) {
            return [];
        }
        $selection = (new SourceFinder())->select(
            $project->root,
            $project->defaultRoots(),
            $project->packagesDirectory(),
        );

        return self::of($project, $selection);
    }
}
