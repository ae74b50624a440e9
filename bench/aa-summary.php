<?php

declare(strict_types=1);

/*
 * The table of bench/aa.sh: reads DIR/1/report.json ... DIR/N/report.json (each an A/A bench: scenario b
 * against a, both without preloading), prints per run b's gain on the report's headline figure (req/s
 * when the report has no other), its 95% interval, half-width and verdict,
 * then how many runs called the identical pair different against the target: at most 5% of runs,
 * rounded up to whole runs (1 of 10, 1 of 20, 2 of 40). Exit 0 within the target, 1 over it, 3 when a
 * report is missing or has no gain for b.
 *
 * Usage: php bench/aa-summary.php DIR N
 */

[, $work, $runs] = $argv + [1 => '', 2 => '0'];
$runs = (int) $runs;
if ('' === $work || $runs < 1) {
    fwrite(\STDERR, "Usage: php bench/aa-summary.php DIR N\n");
    exit(2);
}

$percent = static fn (float $fraction): string => sprintf('%+.1f%%', $fraction * 100);
// Columns padded by characters, not bytes: "…" and "±" take more than one byte.
$line = static function (string ...$cells): string {
    $widths = [4, 7, 12, 20, 11];
    $out = '';
    foreach ($cells as $i => $cell) {
        $out .= isset($widths[$i]) ? $cell.str_repeat(' ', max(1, $widths[$i] - mb_strlen($cell) + 1)) : $cell;
    }

    return rtrim($out)."\n";
};

$labels = ['requestsPerSecond' => 'req/s', 'cpuPerRequest' => 'CPU per request', 'instructionsPerRequest' => 'instructions per request'];
$called = 0;
$noVerdict = 0;
$rows = '';
$metrics = [];
for ($run = 1; $run <= $runs; ++$run) {
    $file = "$work/$run/report.json";
    $report = is_file($file) ? json_decode((string) file_get_contents($file), true) : null;
    $b = is_array($report) ? (array_column($report['scenarios'] ?? [], null, 'name')['b'] ?? null) : null;
    // The figure the report leads with (its headline) when it has one, else the req/s gain.
    $gain = $b['headline'] ?? $b['gain'] ?? null;
    if (!is_array($gain)) {
        fwrite(\STDERR, sprintf("bench/aa.sh: run %d has no gain of b against a in %s%s\n", $run, $file, null === $b ? '' : ': '.json_encode($b['problems'] ?? null)));
        exit(3);
    }
    $metric = $labels[$gain['metric'] ?? 'requestsPerSecond'] ?? (string) $gain['metric'];
    $metrics[$metric] = true;
    $verdict = $gain['verdict'];
    if (null === $verdict) {
        ++$noVerdict;
    } elseif ('no measurable difference' !== $verdict) {
        ++$called;
    }
    $rows .= $line(
        (string) $run,
        (string) $report['environment']['rounds'],
        $percent($gain['median']),
        null === $gain['ciLow'] ? 'no interval' : $percent($gain['ciLow']).' … '.$percent($gain['ciHigh']),
        null === ($gain['halfWidthPoints'] ?? null) ? '—' : sprintf('±%.1f', $gain['halfWidthPoints']),
        ($verdict ?? 'no verdict ('.($gain['noInterval'] ?? 'no interval').')'),
    );
}
printf("b against a on %s, each report's headline figure:\n", implode(' or ', array_keys($metrics)));
echo $line('run', 'rounds', 'gain b vs a', '95% interval', 'half-width', 'verdict'), $rows;

$allowed = (int) ceil($runs * 5 / 100);
printf(
    "\nCalled different: %d of %d runs (%.0f%%). Target: at most 5%% of runs at 95%% confidence, here at most %d of %d: %s.\n",
    $called,
    $runs,
    100 * $called / $runs,
    $allowed,
    $runs,
    $called <= $allowed ? 'met' : 'NOT met',
);
if ($runs < 20) {
    printf("With %d runs one call is already more than 5%%: a single one is allowed; 20 runs or more test the 5%% itself.\n", $runs);
}
if ($noVerdict > 0) {
    printf("%d run(s) had no verdict (fewer than 3 paired rounds): they count for neither side.\n", $noVerdict);
}
exit($called <= $allowed ? 0 : 1);
