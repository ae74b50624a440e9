<?php

declare(strict_types=1);

/*
 * Analyses every PHP file of the trees given twice, as every run does (plain declaration files read from PHP's
 * tokens, PlainFileAnalyzer; in the others inert function bodies left out, BodySkippingLexer) and with every file
 * parsed whole by php-parser, and compares the two: each file's analysis, and its
 * analysis at its path template, must be the same. tests/Unit/Inventory/BodySkippingTest does the same on the
 * fixtures; this runs it on whole trees (Debian's /usr/share/php, an app's vendor/), which take minutes.
 * Prints each file that differs, then the counts and the CPU seconds of each way; exits 1 when any file differs.
 *
 * Usage: php bench/analysis-differential.php TREE...
 */

require __DIR__.'/../vendor/autoload.php';

use Preheat\Inventory\FileAnalyzer;
use Preheat\Inventory\PlainFileAnalyzer;

$trees = array_slice($argv, 1);
if ([] === $trees) {
    fwrite(\STDERR, "Usage: php bench/analysis-differential.php TREE...\n");
    exit(2);
}
$cpu = static function (): float {
    $usage = getrusage();
    if (false === $usage) {
        return 0.0;
    }

    return $usage['ru_utime.tv_sec'] + $usage['ru_stime.tv_sec']
        + ($usage['ru_utime.tv_usec'] + $usage['ru_stime.tv_usec']) / 1e6;
};
$skipping = new FileAnalyzer();
$whole = new FileAnalyzer(null, false);
$plainReader = new PlainFileAnalyzer();
$files = 0;
$plain = 0;
$differ = 0;
$seconds = ['skipping' => 0.0, 'whole' => 0.0];
foreach ($trees as $tree) {
    if (!is_dir($tree)) {
        fwrite(\STDERR, "No directory at $tree: give directories of PHP code.\n");
        exit(2);
    }
    $iterator = new RecursiveIteratorIterator(new RecursiveDirectoryIterator($tree, FilesystemIterator::SKIP_DOTS));
    foreach ($iterator as $file) {
        $path = $file->getPathname();
        if (!str_ends_with($path, '.php') || is_link($path)) {
            continue;
        }
        $started = $cpu();
        $fast = $skipping->analyzeForReuse($path)->toArrays();
        $between = $cpu();
        $full = $whole->analyzeForReuse($path)->toArrays();
        $seconds['skipping'] += $between - $started;
        $seconds['whole'] += $cpu() - $between;
        ++$files;
        $plain += null === $plainReader->analyze($path, (string) file_get_contents($path), 0, 0) ? 0 : 1;
        if ($fast !== $full) {
            ++$differ;
            printf("differs: %s\n", $path);
        }
    }
}
printf(
    "%d files (%d plain, read from tokens), %d differ; CPU seconds: %.2f as every run reads them, %.2f parsed whole\n",
    $files,
    $plain,
    $differ,
    $seconds['skipping'],
    $seconds['whole'],
);
exit(0 === $differ ? 0 : 1);
