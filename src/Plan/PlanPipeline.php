<?php

declare(strict_types=1);

namespace Preheat\Plan;

use Preheat\Composer\ComposerProject;
use Preheat\Composer\ComposerProjectLoader;
use Preheat\Composer\ProjectError;
use Preheat\Inventory\FileAnalyzer;
use Preheat\Inventory\FileInventory;
use Preheat\Inventory\Inventory;
use Preheat\Inventory\InventoryBuilder;
use Preheat\Inventory\InventoryCache;
use Preheat\Inventory\InventoryScan;
use Preheat\Inventory\SkippedPath;
use Preheat\Inventory\SourceFinder;
use Preheat\Inventory\SourceSelection;
use Preheat\Note;
use Preheat\Php\Probe;
use Preheat\Process\ProcessFailed;
use Preheat\Process\ProcessResult;
use Preheat\Process\ProcessRunner;
use Preheat\Progress\Line;
use Preheat\Progress\NullProgressLogger;
use Preheat\Progress\Outcome;
use Preheat\Progress\ProgressLogger;
use Preheat\Progress\Timings;
use Preheat\Setting;
use Preheat\Util\BoundedRead;
use Preheat\Util\RelativePath;

/**
 * Project → inventory → plan: the stages `generate` and `explain` share.
 */
final class PlanPipeline
{
    /** @var array<string, BuiltinSymbols> by PHP binary: fix and budget rounds plan again with the same PHP */
    private array $builtins = [];

    /** @var array<string, Planner> by PHP binary: a replan uses what the first plan computed (see Planner::plan()) */
    private array $planners = [];

    /** @var array<string, ScannedApp> by request */
    private array $scanned = [];

    /** @var array<string, PlanContext> by request */
    private array $contexts = [];

    public function __construct(
        private readonly ProcessRunner $runner,
        private readonly ComposerProjectLoader $loader = new ComposerProjectLoader(),
        private readonly InventoryBuilder $builder = new InventoryBuilder(),
        private readonly ProgressLogger $progress = new NullProgressLogger(),
        private readonly SourceFinder $finder = new SourceFinder(),
        private readonly Timings $timings = new Timings(),
        /**
         * Plans by the syntax and link rules of this PHP version ('8.4.0') rather than those of the version the
         * PHP binary reports (its built-in classes stay the binary's): for planning for another PHP without it.
         */
        private readonly ?string $phpVersion = null,
    ) {
    }

    public function run(PlanRequest $request, PlanOptions $options): PlanResult
    {
        return $this->result($request, $options, null);
    }

    /**
     * run() with the plan a verified run made with the same scan and $options (ReuseRecord): the result as run()
     * gives it, planned by no one. The caller vouches that nothing the plan depends on changed (ReuseKey).
     */
    public function recorded(PlanRequest $request, PlanOptions $options, PreloadPlan $plan): PlanResult
    {
        return $this->result($request, $options, $plan);
    }

    private function result(PlanRequest $request, PlanOptions $options, ?PreloadPlan $recorded): PlanResult
    {
        $started = hrtime(true);
        // One bench plans the same app for many scenarios (each strategy, the classmap of the autoloader
        // rung): its files do not change during a run, so the app is scanned once per request.
        $key = serialize($request);
        $scanned = $this->scanned($request);
        $project = $scanned->project;
        $scan = $scanned->scan;
        // One context per scan too: what the planner keeps of it serves every plan of it.
        $context = $this->contexts[$key] ??= new PlanContext(
            $scan->inventory,
            $project,
            $scanned->roots,
            $scan->context,
            new ClassLocator(
                $project->root,
                $scan->context,
                fn (): array => $this->includePath($request->phpBinary),
                $request->paths,
            ),
            $scanned->selection->aliases,
        );
        $locator = $context->locator;
        $planner = $this->planner($request->phpBinary);
        $plan = $recorded
            ?? $this->timings->span('plan', static fn (): PreloadPlan => $planner->plan($context, $options));

        return new PlanResult(
            $project,
            $scan,
            $plan,
            (hrtime(true) - $started) / 1e9,
            $locator,
            [
                ...$this->warnings($request, $options, $project, $scan),
                ...$this->syntaxNotes($scan, $this->builtins($request->phpBinary)->phpVersion, $project),
            ],
            $context,
        );
    }

    /** The app as scanned for $request: scanned and parsed on the first call, for every plan that follows. */
    public function scanned(PlanRequest $request): ScannedApp
    {
        return $this->scanned[serialize($request)] ??= $this->scanApp($request);
    }

    private function scanApp(PlanRequest $request): ScannedApp
    {
        $project = $this->timings->span(
            'read composer.json and installed packages',
            fn (): ComposerProject => $this->loader->load($request->projectRoot, [] === $request->paths),
        );
        $roots = $this->roots($request, $project);
        $selection = $this->timings->span('scan and stat', function () use (
            $project,
            $roots,
            $request,
        ): SourceSelection {
            $selection = $this->finder->select(
                $project->root,
                $roots,
                $project->packagesDirectory(),
                $request->includeDirs,
            );
            if ([] === $selection->files) {
                // A script that preloads nothing, verified and installed, would look like success.
                throw ProjectError::noPhpFiles($project->root, $request->paths);
            }
            $this->timings->count('files', \count($selection->files));
            $this->timings->count('context files', \count($selection->context));

            return $selection;
        });
        $scan = $this->timings->span('parse', fn (): InventoryScan => $this->scan($selection, $request));

        return new ScannedApp($project, $roots, $selection, $scan);
    }

    /**
     * Plans what $scanned was planned from again, with other options, for the PHP at $phpBinary: the PHP is
     * named once, for every round that follows.
     */
    public function replanner(PlanResult $scanned, ?string $phpBinary): Replanner
    {
        return new Replanner($this->planner($phpBinary), $scanned, $this->timings);
    }

    private function planner(?string $phpBinary): Planner
    {
        return $this->planners[$phpBinary ?? ''] ??= new Planner($this->builtins($phpBinary), $this->timings);
    }

    /** @return list<Note> */
    private function warnings(
        PlanRequest $request,
        PlanOptions $options,
        ComposerProject $project,
        InventoryScan $scan,
    ): array {
        $warnings = [];
        if (null !== $project->layoutNote) {
            $warnings[] = new Note($project->layoutNote);
        }
        if (!$project->hasComposerJson) {
            $warnings[] = new Note(
                'No composer.json: planned without package rules (which classes the autoloader maps, which packages '.
                'are for development only are unknown).',
            );
        }
        foreach ($options->ignore as $rule) {
            if (!$this->matchesAnything($rule, $scan->inventory, $project->root, $scan->selection->aliases ?? [])) {
                $warnings[] = new Note(
                    \sprintf(
                        'The ignore pattern %s matches no scanned file and no declared class or namespace: check the '.
                        'spelling (a path glob is relative to the project root, a namespace is a prefix like '.
                        'Vendor\\Package).',
                        $rule->pattern,
                    ),
                    Setting::Ignore,
                );
            }
        }
        $counts = [];
        foreach ($scan->selection->roots ?? [] as $root) {
            $counts[$root->path] = $root->files;
        }
        foreach ($request->paths as $path) {
            $real = realpath(str_starts_with($path, '/') ? $path : $project->root.'/'.$path);
            if (false !== $real && 0 === ($counts[$real] ?? null)) {
                $warnings[] = new Note(
                    \sprintf(
                        'The path %s holds no PHP file to scan (files ending in .php): check that it is the directory '.
                        'of the code.',
                        $path,
                    ),
                    Setting::Paths,
                );
            }
        }
        $tooLarge = array_values(array_filter(
            $scan->selection->skipped ?? [],
            static fn (SkippedPath $skipped): bool => SkippedPath::TOO_LARGE === $skipped->reason,
        ));
        if ([] !== $tooLarge) {
            $warnings[] = new Note(\sprintf(
                'Not scanned, larger than %s (the most Preheat parses of a PHP file): %s%s. Such a file is generated'
                .' data rather than code to preload; files that need its classes are left out.',
                BoundedRead::describe(FileAnalyzer::MAX_BYTES),
                RelativePath::orDot($tooLarge[0]->path, $request->projectRoot),
                \count($tooLarge) > 1 ? \sprintf(' and %d more', \count($tooLarge) - 1) : '',
            ));
        }
        foreach ($scan->selection->unusedIncludes ?? [] as $include) {
            $warnings[] = new Note(
                \sprintf(
                    'The directory to include %s matches no directory the scan skips: nothing was added (skipped '.
                    'directories are listed under "Skipped").',
                    $include,
                ),
                Setting::IncludeDirectories,
            );
        }

        return $warnings;
    }

    /**
     * The plan is for the PHP that will run the script: files whose syntax that PHP cannot parse (code written
     * for a newer PHP, such as a package's 8.4-only files) are left out, and said so once, with the first.
     *
     * @return list<Note>
     */
    /**
     * A warning for the files the target PHP cannot parse that the app's autoloader can load (a class it maps, a
     * file it includes on every request): planned for the wrong PHP, or those classes never work on it. A file
     * only other code includes, as version-split polyfills do (`if (\PHP_VERSION_ID >= 80500) require
     * 'bootstrap85.php';`), is never loaded by an app that runs on that PHP: it is left out without a word.
     *
     * @return list<Note>
     */
    private function syntaxNotes(InventoryScan $scan, string $phpVersion, ComposerProject $project): array
    {
        $autoload = $project->autoload;
        $mapsNothing = [] === $autoload->paths();
        $alwaysIncluded = array_flip(
            array_map(static fn (string $file): string => realpath($file) ?: $file, $autoload->files),
        );
        $newer = array_filter(
            $scan->inventory->files,
            static function (FileInventory $file) use ($phpVersion, $autoload, $mapsNothing, $alwaysIncluded): bool {
                if ($file->compilesOn($phpVersion)) {
                    return false;
                }
                if ($mapsNothing || isset($alwaysIncluded[$file->path])) {
                    return true;
                }
                foreach ($file->classLikes() as $declaration) {
                    if ($autoload->fileFor($declaration->name) === $file->path) {
                        return true;
                    }
                }

                return false;
            },
        );
        $first = reset($newer);
        if (false === $first) {
            return [];
        }

        return [new Note(\sprintf(
            'Planned for PHP %s, the PHP that will run the script: %d file(s) use syntax it cannot parse and are '.
            'left out (%s: %s needs PHP %s).',
            $phpVersion,
            \count($newer),
            RelativePath::of($first->path, $project->root),
            $first->syntax?->reason,
            $first->syntax?->version,
        ), Setting::PhpBinary)];
    }

    /** @param array<string, string> $aliases */
    private function matchesAnything(IgnoreRule $rule, Inventory $inventory, string $root, array $aliases): bool
    {
        foreach ($inventory->files as $path => $file) {
            if (
                $rule->matchesPath($path, $root)
                || (isset($aliases[$path]) && $rule->matchesPath($aliases[$path], $root))
            ) {
                return true;
            }
            foreach ($file->classLikes() as $declaration) {
                if ($rule->matchesClass($declaration->name)) {
                    return true;
                }
            }
        }

        return false;
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

    private function scan(SourceSelection $selection, PlanRequest $request): InventoryScan
    {
        $this->progress->stage('Reading PHP files');
        $cache = null === $request->cacheFile ? InventoryCache::disabled() : new InventoryCache($request->cacheFile);
        $started = hrtime(true);
        $scan = $this->builder->buildSelection($selection, $cache, $this->progress->advance(...));
        $total = $scan->inventory->count() + $scan->context->count();
        $this->timings->count('files parsed', $scan->parsedFiles);
        $this->timings->count('from cache', $total - $scan->parsedFiles);
        if ($scan->jitWorkers > 0) {
            $this->timings->count('workers under the JIT', $scan->jitWorkers);
        }
        $this->progress->finish(\sprintf(
            'Read %d PHP files (%d parsed, %d from cache) in %.2f s',
            $total,
            $scan->parsedFiles,
            $total - $scan->parsedFiles,
            (hrtime(true) - $started) / 1e9,
        ));
        $rejected = $cache->rejected();
        if (null !== $rejected) {
            $this->progress->finish(new Line($rejected, Outcome::Warning));
        }
        $links = $selection->links;
        if ([] !== $links) {
            $this->progress->finish(\sprintf(
                'Followed %d directory link(s): %s to %s%s',
                \count($links),
                RelativePath::orDot($links[0]->link, $request->projectRoot),
                $links[0]->target,
                \count($links) > 1 ? ', ...' : '',
            ));
        }

        return $scan;
    }

    /** @return list<string> the include_path of the PHP that runs the app */
    private function includePath(?string $phpBinary): array
    {
        if (null === $phpBinary || realpath($phpBinary) === realpath(\PHP_BINARY)) {
            $path = get_include_path();
        } else {
            try {
                $result = $this->timings->boot(
                    'PHP boot: include_path lookup',
                    fn (): ProcessResult => $this->runner->run(
                        [$phpBinary, ...Probe::CLI_SETTINGS, '-r', 'echo get_include_path();'],
                        null,
                        60.0,
                    ),
                );
            } catch (ProcessFailed) {
                return [];
            }
            $path = 0 === $result->exitCode ? $result->stdout : '';
        }

        return array_values(
            array_filter(explode(\PATH_SEPARATOR, trim($path)), static fn (string $d): bool => '' !== $d && '.' !== $d),
        );
    }

    private function builtins(?string $phpBinary): BuiltinSymbols
    {
        return $this->builtins[$phpBinary ?? ''] ??= null === $this->phpVersion
            ? $this->readBuiltins($phpBinary)
            : $this->readBuiltins($phpBinary)->withPhpVersion($this->phpVersion);
    }

    private function readBuiltins(?string $phpBinary): BuiltinSymbols
    {
        if (null === $phpBinary || realpath($phpBinary) === realpath(\PHP_BINARY)) {
            return BuiltinSymbols::ofCurrentProcess();
        }
        try {
            $result = $this->timings->boot(
                'PHP boot: built-in classes and functions',
                // A CLI that preloads would report the preloaded classes as built in.
                fn (): ProcessResult => $this->runner->run(
                    [$phpBinary, ...Probe::CLI_SETTINGS, '-r', BuiltinSymbols::probeCode()],
                    null,
                    60.0,
                ),
            );
        } catch (ProcessFailed $error) {
            throw $error->about(Setting::PhpBinary);
        }
        if (0 !== $result->exitCode) {
            $failed = ProcessFailed::unexpectedExit($result, 'Asking PHP for its built-in classes');

            throw $failed->about(Setting::PhpBinary);
        }

        return BuiltinSymbols::fromProbeOutput($result);
    }
}
