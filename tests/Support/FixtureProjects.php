<?php

declare(strict_types=1);

namespace Preheat\Tests\Support;

use Preheat\Inventory\InventoryBuilder;
use Preheat\Plan\PlanOptions;
use Preheat\Plan\PlanPipeline;
use Preheat\Plan\PlanRequest;
use Preheat\Plan\PlanResult;
use Preheat\Plan\PreloadPlan;
use Preheat\Process\SymfonyProcessRunner;

/**
 * Finds, copies and plans the small projects of the planner cases (tests/Fixtures/projects/NAME/project,
 * see PlannerCase).
 */
final class FixtureProjects
{
    public static function path(string $name): string
    {
        $path = realpath(PlannerCase::ROOT.'/'.$name.'/project');
        if (false === $path) {
            throw new \InvalidArgumentException('No fixture project '.$name);
        }

        return $path;
    }

    /** @return list<string> */
    public static function names(): array
    {
        return PlannerCase::names();
    }

    /** @param list<string> $ignore */
    public static function plan(string $name, array $ignore = [], bool $includeDev = false): PreloadPlan
    {
        return self::planAt(self::path($name), $ignore, $includeDev);
    }

    /** @param list<string> $ignore */
    public static function planAt(string $root, array $ignore = [], bool $includeDev = false): PreloadPlan
    {
        return self::result($root, $ignore, $includeDev)->plan;
    }

    /**
     * Plans a project as `generate` does with these options (default roots unless $paths are given).
     *
     * @param list<string> $ignore
     * @param list<string> $paths
     * @param list<string> $includeDirs
     * @param string|null  $php         the PHP version to plan for (its syntax and link rules), if not this one
     */
    public static function result(
        string $root,
        array $ignore = [],
        bool $includeDev = false,
        array $paths = [],
        array $includeDirs = [],
        ?string $php = null,
    ): PlanResult {
        $request = new PlanRequest($root, $paths, null, null, $includeDirs);
        $pipeline = new PlanPipeline(
            new SymfonyProcessRunner(),
            builder: new InventoryBuilder(workers: 1),
            phpVersion: $php,
        );

        return $pipeline->run($request, PlanOptions::ignoring($ignore, $includeDev));
    }

    /** Copies a fixture project into a new temporary directory, so a test can write into it. */
    public static function copy(string $name, TemporaryDirectory $into): string
    {
        $target = $into->path.'/'.$name;
        self::copyTree(self::path($name), $target);

        return $target;
    }

    private static function copyTree(string $from, string $to): void
    {
        @mkdir($to, 0777, true);
        foreach (new \FilesystemIterator($from, \FilesystemIterator::SKIP_DOTS) as $entry) {
            \assert($entry instanceof \SplFileInfo);
            $target = $to.'/'.$entry->getFilename();
            if ($entry->isDir()) {
                self::copyTree($entry->getPathname(), $target);
            } elseif ('preload.php' !== $entry->getFilename()) {
                copy($entry->getPathname(), $target);
            }
        }
    }
}
