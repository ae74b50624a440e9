<?php

declare(strict_types=1);

namespace Preheat\Plan;

use Preheat\Composer\ComposerProject;
use Preheat\Composer\ComposerProjectLoader;
use Preheat\Composer\ProjectError;
use Preheat\Inventory\InventoryBuilder;
use Preheat\Inventory\InventoryCache;
use Preheat\Inventory\InventoryScan;
use Preheat\Process\ProcessFailed;
use Preheat\Process\ProcessRunner;
use Preheat\Progress\NullProgressLogger;
use Preheat\Progress\ProgressLogger;

/**
 * Project → inventory → plan: the stages `generate` and `explain` share.
 */
final class PlanPipeline
{
    /** @var array<string, BuiltinSymbols> by PHP binary: fix and budget rounds plan again with the same PHP */
    private array $builtins = [];

    public function __construct(
        private readonly ProcessRunner $runner,
        private readonly ComposerProjectLoader $loader = new ComposerProjectLoader(),
        private readonly InventoryBuilder $builder = new InventoryBuilder(),
        private readonly ProgressLogger $progress = new NullProgressLogger(),
    ) {
    }

    public function run(PlanRequest $request, PlanOptions $options): PlanResult
    {
        $started = hrtime(true);
        $project = $this->loader->load($request->projectRoot, [] === $request->paths);
        $roots = $this->roots($request, $project);
        $scan = $this->scan($roots, $request);
        $planner = new Planner($this->builtins($request->phpBinary));
        $plan = $planner->plan($scan->inventory, $project, $roots, $options);

        return new PlanResult($project, $scan, $plan, (hrtime(true) - $started) / 1e9);
    }

    public function replan(PlanResult $previous, PlanOptions $options, ?string $phpBinary): PlanResult
    {
        $started = hrtime(true);
        $planner = new Planner($this->builtins($phpBinary));
        $plan = $planner->plan($previous->scan->inventory, $previous->project, $previous->plan->roots, $options);

        return new PlanResult($previous->project, $previous->scan, $plan, (hrtime(true) - $started) / 1e9);
    }

    /** @return list<string> */
    private function roots(PlanRequest $request, ComposerProject $project): array
    {
        if ([] === $request->paths) {
            return $project->defaultRoots();
        }
        $roots = [];
        foreach ($request->paths as $path) {
            $absolute = str_starts_with($path, '/') ? $path : $project->root.'/'.$path;
            $real = realpath($absolute);
            if (false === $real) {
                throw ProjectError::missingPath($path);
            }
            $roots[] = $real;
        }

        return array_values(array_unique($roots));
    }

    /** @param list<string> $roots */
    private function scan(array $roots, PlanRequest $request): InventoryScan
    {
        $this->progress->stage('Reading PHP files');
        $cache = null === $request->cacheFile ? InventoryCache::disabled() : new InventoryCache($request->cacheFile);
        $started = hrtime(true);
        $scan = $this->builder->build($roots, $cache, $this->progress->advance(...));
        $this->progress->finish(\sprintf(
            'Read %d PHP files (%d parsed, %d from cache) in %.2f s',
            $scan->inventory->count(),
            $scan->parsedFiles,
            $scan->inventory->count() - $scan->parsedFiles,
            (hrtime(true) - $started) / 1e9,
        ));

        return $scan;
    }

    private function builtins(?string $phpBinary): BuiltinSymbols
    {
        return $this->builtins[$phpBinary ?? ''] ??= $this->readBuiltins($phpBinary);
    }

    private function readBuiltins(?string $phpBinary): BuiltinSymbols
    {
        if (null === $phpBinary || realpath($phpBinary) === realpath(\PHP_BINARY)) {
            return BuiltinSymbols::ofCurrentProcess();
        }
        $result = $this->runner->run([$phpBinary, '-r', BuiltinSymbols::probeCode()], null, 60.0);
        if (0 !== $result->exitCode) {
            throw ProcessFailed::unexpectedExit($result, 'Asking PHP for its built-in classes');
        }

        return BuiltinSymbols::fromProbeOutput($result->stdout);
    }
}
