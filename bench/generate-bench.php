<?php

declare(strict_types=1);

/*
 * The measuring half of bench/generate.sh. For each tree, rounds alternate a cold run (nothing cached),
 * a warm run (parse cache filled, PHP booted again with --reverify), an unchanged re-run (the last
 * verification reused) and a new release (the project, holding the tree and the script, copied to another
 * path of the same length, as a deploy makes it: the parse cache knows its files by their bytes, and the last
 * verification is reused for the same bytes), so that machine noise falls on all four; the report
 * gives the median with min and max beside the targets and the figures measured before, and the script every
 * run wrote, which must be the same (a new release's with its own path put back). Exits 1 when a tree's warm
 * median is over its target.
 *
 * The anchor a noisy machine cannot blur (issue 32): each generate run is followed by `composer dump-autoload
 * --optimize` on the same tree (the classmap dump every build runs beside generate), and both are timed in CPU
 * seconds of the whole process tree (user + sys, getrusage() of the reaped children). Load slows both alike, so
 * the ratio of each pair holds where seconds do not. The table gives each kind's ratio beside its target, with
 * PASS or OVER; the targets do not change the exit code (yet). For a tree given by path, Composer dumps a
 * project whose only autoload rule is that tree as a classmap; for a Composer project, a copy of it (so that
 * generate's project keeps its own autoloader), with --no-scripts: the dump alone.
 *
 * Every generate runs under /usr/bin/time when there is one, for the peak memory of its largest process (max RSS);
 * the table gives each kind's. Two trees named synthetic-N (synthetic:N, bench/synthetic-app.php's app of N files)
 * are compared for scale too: the larger's cold CPU against the smaller's scaled by the file count (issue 32:
 * within 6x from 5,500 to 30,000 files, linear) and its peak memory against 1 GB.
 *
 * Usage: php bench/generate-bench.php ROUNDS NAME=TREE[,PROJECT] ...
 *   TREE     the directory to scan (--path); empty with PROJECT: the project's defaults; synthetic:N: a synthetic
 *            app of N files, written for the run
 *   PROJECT  a Composer project to generate for (default: an empty work directory)
 */

require __DIR__.'/../vendor/autoload.php';

use Symfony\Component\Process\Process;

$rounds = max(1, (int) ($argv[1] ?? '5'));
$trees = array_slice($argv, 2) ?: ['bench=/usr/share/php'];

/** The bench tree's targets (issue 21), for its file count; a larger Composer app's scale with its file count. */
const TARGETS = ['cold' => 5.0, 'warm' => 2.5, 'unchanged' => 1.0, 'release' => 2.5];
/** Issue 32's targets: generate's CPU seconds over `composer dump-autoload --optimize`'s on the same tree. */
const RATIO_TARGETS = ['cold' => 3.0, 'warm' => 2.0, 'unchanged' => 0.5, 'release' => 2.0];
/** Issue 32's scale targets: from 5,500 to 30,000 synthetic files, cold CPU at most this many times, and peak RSS. */
const SCALE_CPU_TARGET = 6.0;
const SCALE_PEAK_BYTES = 1024 * 1048576;
/** What the bench tree took before, on a quiet machine (load 0.9, 2 cores), 3 rounds each. */
const EARLIER = [
    'earlier main, turn before last (6,286 files)' => [
        'cold' => '5.46 s',
        'warm' => '2.57 s',
        'unchanged' => '-',
        'release' => '-',
    ],
    'main at 18fa52e (6,571 files)' => [
        'cold' => '13.63 s (13.35-13.66)',
        'warm' => '8.16 s (8.01-8.23)',
        'unchanged' => '-',
        'release' => '-',
    ],
];

$work = sys_get_temp_dir().'/preheat-bench-'.bin2hex(random_bytes(4));
mkdir($work, 0777, true);
$preheat = [\PHP_BINARY, __DIR__.'/../bin/preheat'];

/** User + sys seconds of every child reaped so far (and of theirs): a run's is the difference across it. */
$childCpu = static function (): float {
    $usage = getrusage(1); // RUSAGE_CHILDREN

    return $usage['ru_utime.tv_sec'] + $usage['ru_stime.tv_sec']
        + ($usage['ru_utime.tv_usec'] + $usage['ru_stime.tv_usec']) / 1e6;
};
$timeBinary = is_executable('/usr/bin/time') ? '/usr/bin/time' : null;
$peakFile = $work.'/peak-rss';
/**
 * @return array{float, mixed, Process, float, ?int} wall seconds, the decoded JSON output, the process, CPU seconds,
 *     the max RSS in bytes of its largest process (null without /usr/bin/time or when not asked: $peak false)
 */
$run = static function (array $command, array $environment = [], bool $peak = false) use (
    $childCpu,
    $timeBinary,
    $peakFile,
): array {
    $measured = $peak && null !== $timeBinary;
    if ($measured) {
        @unlink($peakFile);
        $command = [$timeBinary, '-f', '%M', '-o', $peakFile, ...$command];
    }
    $process = new Process($command, null, $environment, null, 1800);
    $cpu = $childCpu();
    $started = hrtime(true);
    $process->run();
    $seconds = (hrtime(true) - $started) / 1e9;
    $cpu = $childCpu() - $cpu;
    if (!in_array($process->getExitCode(), [0, 1], true)) {
        fwrite(\STDERR, $process->getCommandLine()."\n".$process->getErrorOutput());
        exit(1);
    }

    $kilobytes = $measured ? trim((string) @file_get_contents($peakFile)) : '';

    return [
        $seconds,
        json_decode($process->getOutput(), true),
        $process,
        $cpu,
        ctype_digit($kilobytes) ? 1024 * (int) $kilobytes : null,
    ];
};
$composerBinary = (new Symfony\Component\Process\ExecutableFinder())->find('composer');
if (null === $composerBinary) {
    fwrite(\STDERR, "No composer on the PATH: the ratios to `composer dump-autoload --optimize` are left out.\n");
}
/** A Composer project whose only autoload rule is $tree as a classmap: what Composer dumps for that tree. */
$classmapProject = static function (string $directory, string $tree): string {
    @mkdir($directory, 0777, true);
    $composerJson = ['name' => 'preheat/bench-anchor', 'autoload' => ['classmap' => [$tree]]];
    file_put_contents($directory.'/composer.json', json_encode($composerJson, \JSON_UNESCAPED_SLASHES)."\n");

    return $directory;
};
/** @return array{float, float}|null wall and CPU seconds of Composer's optimised dump of $project */
$composer = static function (string $project) use ($run, $composerBinary): ?array {
    if (null === $composerBinary) {
        return null;
    }
    $command = [
        $composerBinary,
        'dump-autoload',
        '--optimize',
        '--no-scripts',
        '--no-interaction',
        '--quiet',
        '--working-dir='.$project,
    ];
    [$seconds, , , $cpu] = $run($command, ['COMPOSER_ALLOW_SUPERUSER' => '1']);

    return [$seconds, $cpu];
};
$cpuStats = static function (array $values): string {
    $sample = new Preheat\Bench\Statistics\Sample($values);

    return sprintf('%.2f (%.2f-%.2f)', $sample->median(), $sample->min(), $sample->max());
};
$stats = static function (array $values): string {
    $sample = new Preheat\Bench\Statistics\Sample($values);

    return sprintf('%.2f s (%.2f-%.2f, n=%d)', $sample->median(), $sample->min(), $sample->max(), $sample->count());
};
$median = static fn (array $values): float => (new Preheat\Bench\Statistics\Sample($values))->median();
$table = static function (array $timings): string {
    $spans = array_map(
        static fn (array $s): Preheat\Progress\TimingSpan => new Preheat\Progress\TimingSpan(
            $s['name'],
            $s['depth'],
            $s['seconds'],
            $s['times'],
            $s['counts'],
            str_starts_with($s['name'], 'PHP boot'),
        ),
        $timings['spans'],
    );
    $report = new Preheat\Progress\TimingReport($spans, $timings['wall_seconds']);

    return implode("\n", (new Preheat\Report\TimingTableRenderer())->render($report));
};

$failed = [];
$benchFiles = null;
/** @var array<int, array{float, ?int}> synthetic trees by file count: median cold CPU seconds, peak RSS in bytes */
$synthetic = [];
foreach ($trees as $spec) {
    [$name, $where] = explode('=', $spec, 2) + [1 => ''];
    [$tree, $project] = explode(',', $where, 2) + [1 => ''];
    $project = '' === $project ? $work.'/'.$name : $project;
    $syntheticFiles = null;
    if (preg_match('{^synthetic:(\d+)$}', $tree, $match)) {
        $syntheticFiles = (int) $match[1];
        $tree = $work.'/'.$name.'-source';
        fwrite(\STDERR, sprintf("%s: writing a synthetic app of %d files\n", $name, $syntheticFiles));
        $writer = new Process([\PHP_BINARY, __DIR__.'/synthetic-app.php', (string) $syntheticFiles, $tree], null, null, null, 1800);
        $writer->mustRun();
        $tree .= '/src';
    }
    @mkdir($project, 0777, true);
    if ('' !== $tree && !is_dir($tree)) {
        fwrite(\STDERR, "No tree at $tree: give a directory of PHP code.\n");
        exit(2);
    }
    // The layout a deploy makes: the code and the script in the project (a tree given by path is copied into it),
    // so that a new release is a copy of the whole project at another path.
    $scanned = $tree;
    if ('' !== $tree) {
        $scanned = $project.'/'.basename($tree);
        (new Process(['cp', '-r', $tree, $scanned], null, null, null, 600))->mustRun();
    }
    $output = $project.'/preload.php';
    // -vv: the JSON then carries the run's timings, printed below as the table `generate -vv` shows.
    $generate = [
        ...$preheat,
        'generate',
        '--project='.$project,
        '--output='.$output,
        '--format=json',
        '--cache-dir='.$work.'/cache-'.$name,
        '-vv',
    ];
    if ('' !== $tree) {
        $generate[] = '--path='.$scanned;
    }
    $run($generate); // fills the parse cache; the cold runs (--no-cache) leave it alone
    // Composer's side: the tree as a classmap, or a copy of the project (its dump rewrites vendor/composer).
    $anchor = $work.'/composer-'.$name;
    if ('' !== $tree) {
        $classmapProject($anchor, $scanned);
    } elseif (null !== $composerBinary) {
        (new Process(['cp', '-r', $project, $anchor], null, null, null, 600))->mustRun();
    }
    $times = ['cold' => [], 'warm' => [], 'unchanged' => [], 'release' => []];
    // CPU seconds (user + sys of the process tree) of each generate run and of the Composer dump right after it.
    $cpu = ['cold' => [], 'warm' => [], 'unchanged' => [], 'release' => []];
    $composerTimes = ['cold' => [], 'warm' => [], 'unchanged' => [], 'release' => []];
    $composerCpu = ['cold' => [], 'warm' => [], 'unchanged' => [], 'release' => []];
    $peaks = ['cold' => [], 'warm' => [], 'unchanged' => [], 'release' => []];
    $pair = static function (string $kind, string $composerProject) use (
        $composer,
        &$composerTimes,
        &$composerCpu,
    ): void {
        $measured = $composer($composerProject);
        if (null !== $measured) {
            [$composerTimes[$kind][], $composerCpu[$kind][]] = $measured;
        }
    };
    $last = [];
    $scripts = [];
    $reused = [];
    $releases = [];
    for ($round = 1; $round <= $rounds; ++$round) {
        fwrite(\STDERR, sprintf("%s, round %d/%d: cold, warm, unchanged, new release\n", $name, $round, $rounds));
        foreach (['cold' => ['--no-cache'], 'warm' => ['--reverify'], 'unchanged' => []] as $kind => $extra) {
            [$times[$kind][], $last[$kind], , $cpu[$kind][], $peaks[$kind][]] = $run([...$generate, ...$extra], [], true);
            $scripts[hash_file('sha256', $output)] = true;
            $reused[$kind][] = $last[$kind]['reused'] ?? false;
            $pair($kind, $anchor);
        }
        // A new release: the project (with the tree and the script) copied beside it, every modification time new,
        // at a path of the same length, as releases/N+1 beside releases/N.
        $original = $project;
        $length = strlen(basename($original));
        $releaseName = substr(str_pad('r'.$round.'-'.bin2hex(random_bytes(8)), $length, '-'), 0, $length);
        $copy = dirname($original).'/'.$releaseName;
        $releaseRoot = $copy;
        (new Process(['cp', '-r', $original, $copy], null, null, null, 600))->mustRun();
        $release = array_map(
            static fn (string $a): string => match (true) {
                str_starts_with($a, '--path=') => '--path='.$copy.'/'.basename($scanned),
                str_starts_with($a, '--project=') => '--project='.$copy,
                str_starts_with($a, '--output=') => '--output='.$copy.'/preload.php',
                default => $a,
            },
            $generate,
        );
        [$times['release'][], $last['release'], , $cpu['release'][], $peaks['release'][]] = $run($release, [], true);
        $reused['release'][] = $last['release']['reused'] ?? false;
        // Composer on the same release: the copy as a classmap, or the copied project (done with by now).
        $copied = $copy.'/'.basename($scanned);
        $pair('release', '' !== $tree ? $classmapProject($work.'/composer-release', $copied) : $copy);
        // The same script with the copy's path put back, but for the manifest's hash of the plan (of its paths).
        $plan = static fn (string $script): string => (string) preg_replace(
            ['{PreheatManifest_[0-9a-f]+}', "{PLAN = '[0-9a-f]+'}"],
            ['PreheatManifest_', "PLAN = ''"],
            $script,
        );
        $moved = str_replace($copy, $original, (string) file_get_contents($copy.'/preload.php'));
        // Under a capacity fit the scripts may differ: each path is an interned string too, and a release at a
        // longer path has less of the buffer left for the code, so the fit keeps fewer files. Not a disagreement.
        $fitted = [] !== ($last['release']['fitRounds'] ?? []) || [] !== ($last['unchanged']['fitRounds'] ?? []);
        $releases[] = match (true) {
            $plan($moved) === $plan((string) file_get_contents($output)) => 'same',
            $fitted => 'fitted',
            default => 'different',
        };
        (new Process(['rm', '-rf', $releaseRoot, $work.'/composer-release']))->run();
    }

    $summary = $last['cold']['plan']['summary'];
    $verification = $last['cold']['verification'];
    $files = $summary['scannedFiles'];
    $benchFiles ??= $files;
    // Scaled up for a larger tree, never down: PHP's start and the installation lookup do not shrink with it.
    $scale = max(1.0, $files / $benchFiles);
    printf(
        "## preheat generate on %s: %s (%d PHP files), PHP %s, %d cores\n\n",
        $name,
        '' === $tree ? $project : $tree,
        $files,
        $verification['php'],
        Preheat\Util\Cpu::cores(),
    );
    printf(
        "| run | now: median (min-max) | target%s | %s |\n|---|---|---|%s\n",
        1.0 === $scale ? '' : sprintf(' (x%.2f by file count)', $scale),
        implode(' | ', array_keys(EARLIER)),
        str_repeat('---|', count(EARLIER)),
    );
    $labels = [
        'cold' => 'cold (parse every file)',
        'warm' => 'warm (parse cache, --reverify)',
        'unchanged' => 'unchanged re-run',
        'release' => 'new release (same files, another path)',
    ];
    foreach ($labels as $kind => $label) {
        $target = TARGETS[$kind] * $scale;
        printf(
            "| %s | %s | %.2f s%s | %s |\n",
            $label,
            $stats($times[$kind]),
            $target,
            $median($times[$kind]) > $target ? ' (over)' : '',
            implode(' | ', array_map(static fn (array $e): string => 'bench' === $name ? $e[$kind] : '-', EARLIER)),
        );
    }
    if ([] !== $composerCpu['cold']) {
        printf(
            "\nAgainst `composer dump-autoload --optimize` on the same tree, run right after each generate: CPU "
                ."seconds (user + sys of the whole process tree), median (min-max); the ratio is each pair's.\n\n"
                ."| run | generate CPU s | Composer CPU s | ratio | target | | wall s: generate / Composer |\n"
                ."|---|---|---|---|---|---|---|\n",
        );
        foreach ($labels as $kind => $label) {
            $ratios = array_map(
                static fn (float $g, float $c): float => $g / max($c, 0.001),
                $cpu[$kind],
                $composerCpu[$kind],
            );
            $ratio = new Preheat\Bench\Statistics\Sample($ratios);
            printf(
                "| %s | %s | %s | %.2fx (%.2f-%.2f) | <= %.1fx | %s | %.2f / %.2f |\n",
                $label,
                $cpuStats($cpu[$kind]),
                $cpuStats($composerCpu[$kind]),
                $ratio->median(),
                $ratio->min(),
                $ratio->max(),
                RATIO_TARGETS[$kind],
                $median($ratios) <= RATIO_TARGETS[$kind] ? 'PASS' : 'OVER',
                $median($times[$kind]),
                $median($composerTimes[$kind]),
            );
        }
    }
    $peakOf = static function (array $bytes): ?int {
        $known = array_filter($bytes, static fn (?int $b): bool => null !== $b);

        return [] === $known ? null : max($known);
    };
    if (null !== $peakOf($peaks['cold'])) {
        printf(
            "\nPeak memory, the largest process of each kind's runs (max RSS): %s.\n",
            implode(', ', array_map(
                static fn (string $kind): string => sprintf('%s %d MB', $kind, ($peakOf($peaks[$kind]) ?? 0) / 1048576),
                array_keys($peaks),
            )),
        );
    }
    if (null !== $syntheticFiles) {
        $synthetic[$files] = [$median($cpu['cold']), $peakOf([...$peaks['cold'], ...$peaks['warm'], ...$peaks['unchanged'], ...$peaks['release']])];
    }
    printf(
        "\nEvery run wrote the same script: %s (new releases, with their path: %s). Unchanged re-runs reused the "
            ."verification: %d of %d; new releases: %d; cold and warm runs: %d.\n",
        1 === count($scripts) ? 'yes' : 'NO ('.count($scripts).' different scripts)',
        match (true) {
            in_array('different', $releases, true) => 'NO',
            in_array('fitted', $releases, true) => sprintf(
                'yes but for the capacity fit in %d of %d: a longer path takes more of the interned-string buffer',
                count(array_keys($releases, 'fitted', true)),
                count($releases),
            ),
            default => 'yes',
        },
        count(array_filter($reused['unchanged'])),
        $rounds,
        count(array_filter($reused['release'])),
        count(array_filter([...$reused['cold'], ...$reused['warm']])),
    );
    printf(
        "Verification: %d scripts, %d classes, %.1f MB preload memory, %d fatals, %d warnings.\n\n",
        $verification['preloaded']['scripts'] - 1,
        $verification['preloaded']['classes'],
        $verification['preloaded']['memoryBytes'] / 1048576,
        $verification['fatals'],
        $verification['warnings'],
    );
    if (
        1 !== count($scripts)
        || in_array('different', $releases, true)
        || count(array_filter($reused['unchanged'])) !== $rounds
    ) {
        $failed[] = $name.': the runs did not agree';
    }
    if ($median($times['warm']) > TARGETS['warm'] * $scale) {
        $failed[] = sprintf(
            '%s: warm %.2f s is over its target %.2f s',
            $name,
            $median($times['warm']),
            TARGETS['warm'] * $scale,
        );
    }
    foreach (['cold', 'warm', 'unchanged', 'release'] as $kind) {
        printf(
            "Where the seconds go, last %s run (generate -vv):\n\n```\n%s\n```\n\n",
            $kind,
            $table($last[$kind]['timings']),
        );
    }

    if ('bench' !== $name) {
        continue;
    }
    // The naive script: every file under the tree, in directory order, no checks.
    $all = [];
    $iterator = new RecursiveIteratorIterator(new RecursiveDirectoryIterator($tree, FilesystemIterator::SKIP_DOTS));
    foreach ($iterator as $file) {
        if (str_ends_with($file->getPathname(), '.php')) {
            $all[] = $file->getPathname();
        }
    }
    sort($all);
    $compile = static fn (string $f): string => 'opcache_compile_file('.var_export($f, true).");\n";
    file_put_contents($work.'/naive.php', "<?php\n".implode('', array_map($compile, $all)));
    [, $naive] = $run([...$preheat, 'verify', $work.'/naive.php', '--opcache-memory=256', '--format=json']);
    $reasons = static function (array $report): array {
        $counts = [];
        foreach ($report['unlinkedClasses'] as $class) {
            $reason = preg_replace('{ [A-Z][\w\\\\]+$}', '', $class['reason']);
            $counts[$reason] = ($counts[$reason] ?? 0) + 1;
        }
        arsort($counts);

        return $counts;
    };
    printf(
        "| script | files | classes | functions | preload MB | fatals | warnings | unlinked classes |\n%s\n",
        '|---|---|---|---|---|---|---|---|',
    );
    foreach (['preheat generate' => $verification, 'naive: every file' => $naive] as $label => $report) {
        printf(
            "| %s | %d | %d | %d | %.1f | %d | %d | %d |\n",
            $label,
            $report['preloaded']['scripts'] - 1,
            $report['preloaded']['classes'],
            $report['preloaded']['functions'],
            $report['preloaded']['memoryBytes'] / 1048576,
            $report['fatals'],
            $report['warnings'],
            count($report['unlinkedClasses']),
        );
    }
    printf("\nLeft out by preheat, files by reason: %s\n", json_encode($summary['droppedFilesByReason']));
    printf("Classes left out by reason: %s\n", json_encode($summary['droppedClassesByReason']));
    printf("Naive script, unlinked classes by reason: %s\n\n", json_encode($reasons($naive)));
}

if (\count($synthetic) >= 2) {
    ksort($synthetic);
    $smallest = array_key_first($synthetic);
    [$smallCpu] = $synthetic[$smallest];
    printf(
        "## Scale: synthetic apps\n\n| files | cold CPU s (median) | x the %d-file app's | linear | target | peak MB | target |\n"
            ."|---|---|---|---|---|---|---|\n",
        $smallest,
    );
    foreach ($synthetic as $count => [$coldCpu, $peak]) {
        // The target scales with the file count as issue 32's does: 6x for 30,000 files over 5,500.
        $target = SCALE_CPU_TARGET * $count / 30000 * 5500 / $smallest;
        $times = $coldCpu / max($smallCpu, 0.001);
        printf(
            "| %d | %.2f | %.2fx | %.2fx | <= %.2fx %s | %s | < %d %s |\n",
            $count,
            $coldCpu,
            $times,
            $count / $smallest,
            max(1.0, $target),
            $times <= max(1.0, $target) ? 'PASS' : 'OVER',
            null === $peak ? '-' : sprintf('%d', $peak / 1048576),
            SCALE_PEAK_BYTES / 1048576,
            null === $peak ? '' : ($peak < SCALE_PEAK_BYTES ? 'PASS' : 'OVER'),
        );
    }
    print "\n";
}
(new Process(['rm', '-rf', $work]))->run();
foreach ($failed as $failure) {
    fwrite(\STDERR, "FAILED $failure\n");
}
exit([] === $failed ? 0 : 1);
