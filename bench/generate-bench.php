<?php

declare(strict_types=1);

/*
 * The measuring half of bench/generate.sh. Rounds alternate cold and warm runs so that machine noise
 * falls on both; the report gives the median with min and max.
 */

require __DIR__.'/../vendor/autoload.php';

use Symfony\Component\Process\Process;

[$self, $tree, $rounds] = $argv + [1 => '/usr/share/php', 2 => '5'];
$rounds = max(1, (int) $rounds);
if (!is_dir($tree)) {
    fwrite(\STDERR, "No tree at $tree: give a directory of PHP code.\n");
    exit(2);
}

$work = sys_get_temp_dir().'/preheat-bench-'.bin2hex(random_bytes(4));
mkdir($work.'/cache', 0777, true);
$preheat = [\PHP_BINARY, __DIR__.'/../bin/preheat'];

$run = static function (array $command): array {
    $process = new Process($command, null, null, null, 600);
    $started = hrtime(true);
    $process->run();
    $seconds = (hrtime(true) - $started) / 1e9;
    if (!\in_array($process->getExitCode(), [0, 1], true)) {
        fwrite(\STDERR, $process->getErrorOutput());
        exit(1);
    }

    return [$seconds, json_decode($process->getOutput(), true), $process];
};

// -vv: the JSON then carries the run's timings, printed below as the table `generate -vv` shows.
$generate = [...$preheat, 'generate', '--project='.$work, '--path='.$tree, '--format=json', '--cache-dir='.$work.'/cache', '-vv'];
$cold = $warm = [];
$last = $lastWarm = null;
for ($round = 1; $round <= $rounds; ++$round) {
    fwrite(\STDERR, sprintf("round %d/%d: cold", $round, $rounds));
    [$cold[], $last] = $run([...$generate, '--no-cache']);
    fwrite(\STDERR, ", warm\n");
    $run($generate); // fills the cache after the cold run left it alone
    [$warm[], $lastWarm] = $run($generate);
}

// The naive script: every file under the tree, in directory order, no checks.
$files = [];
foreach (new RecursiveIteratorIterator(new RecursiveDirectoryIterator($tree, FilesystemIterator::SKIP_DOTS)) as $file) {
    if (str_ends_with($file->getPathname(), '.php')) {
        $files[] = $file->getPathname();
    }
}
sort($files);
file_put_contents($work.'/naive.php', "<?php\n".implode('', array_map(static fn (string $f): string => 'opcache_compile_file('.var_export($f, true).");\n", $files)));
[, $naive] = $run([...$preheat, 'verify', $work.'/naive.php', '--opcache-memory=256', '--format=json']);

$stats = static function (array $values): string {
    $sample = new Preheat\Bench\Statistics\Sample($values);

    return sprintf('%.2f s (min %.2f, max %.2f, n=%d)', $sample->median(), $sample->min(), $sample->max(), $sample->count());
};
$reasons = static function (array $report): array {
    $counts = [];
    foreach ($report['unlinkedClasses'] as $class) {
        $reason = preg_replace('{ [A-Z][\w\\\\]+$}', '', $class['reason']);
        $counts[$reason] = ($counts[$reason] ?? 0) + 1;
    }
    arsort($counts);

    return $counts;
};

$summary = $last['plan']['summary'];
$verification = $last['verification'];
printf("## preheat generate on %s (%d PHP files), PHP %s, %d cores\n\n", $tree, $summary['scannedFiles'], $verification['php'], Preheat\Util\Cpu::cores());
printf("| run | generate + verify |\n|---|---|\n| cold (parse every file) | %s |\n| warm (parse cache) | %s |\n\n", $stats($cold), $stats($warm));
printf("| script | files | classes | functions | preload MB | fatals | warnings | unlinked classes |\n|---|---|---|---|---|---|---|---|\n");
foreach (['preheat generate' => $verification, 'naive: every file' => $naive] as $name => $report) {
    printf(
        "| %s | %d | %d | %d | %.1f | %d | %d | %d |\n",
        $name,
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
printf("Naive script, unlinked classes by reason: %s\n", json_encode($reasons($naive)));
$fatals = array_filter($naive['messages'], static fn (array $m): bool => 'fatal' === $m['severity']);
foreach (array_slice($fatals, 0, 3) as $fatal) {
    printf("Naive script fatal: %s in %s\n", strtok($fatal['message'], "\n"), $fatal['file'] ?? '?');
}

$table = static function (array $timings): string {
    $spans = array_map(static fn (array $s): Preheat\Progress\TimingSpan => new Preheat\Progress\TimingSpan($s['name'], $s['depth'], $s['seconds'], $s['times'], $s['counts'], str_starts_with($s['name'], 'PHP boot')), $timings['spans']);

    return implode("\n", (new Preheat\Report\TimingTableRenderer())->render(new Preheat\Progress\TimingReport($spans, $timings['wall_seconds'])));
};
printf("\nWhere the seconds go, last cold run (generate -vv):\n\n```\n%s\n```\n", $table($last['timings']));
printf("\nWhere the seconds go, last warm run (generate -vv):\n\n```\n%s\n```\n", $table($lastWarm['timings']));

(new Process(['rm', '-rf', $work]))->run();
