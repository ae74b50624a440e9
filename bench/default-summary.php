<?php

declare(strict_types=1);

// The default against the ladder's targets, from a bench report of none, default (the script `generate`
// wrote with no options), hot and all: its CPU-per-request gain within 2 points of the best preload
// rung's, its preload memory at most 25% of preload all's. Exits 1 when a target is missed.
// Usage: php bench/default-summary.php REPORT.json [GENERATE.log]
$report = json_decode((string) @file_get_contents($argv[1] ?? ''), true);
if (!is_array($report) || !is_array($report['scenarios'] ?? null)) {
    fwrite(STDERR, "usage: php bench/default-summary.php REPORT.json [GENERATE.log]\n");
    exit(2);
}
$rows = [];
foreach ($report['scenarios'] as $scenario) {
    $gain = null;
    foreach ((array) ($scenario['gains'] ?? []) as $metric) {
        if ('cpuPerRequest' === ($metric['metric'] ?? null)) {
            $gain = $metric;
        }
    }
    $rows[$scenario['name']] = [
        'gain' => null === $gain ? null : (float) $gain['median'],
        'low' => $gain['ciLow'] ?? null,
        'high' => $gain['ciHigh'] ?? null,
        'memory' => (int) ($scenario['preload']['memoryBytes'] ?? 0),
        'scripts' => (int) ($scenario['preload']['scripts'] ?? 0),
        'start' => $scenario['fpmStartSeconds'] ?? null,
    ];
}
$percent = static fn (?float $v): string => null === $v ? '-' : sprintf('%+.1f%%', $v * 100);
$mb = static fn (int $bytes): string => sprintf('%.1f MB', $bytes / 1048576);
printf("%-8s %16s %24s %10s %8s %8s\n", 'scenario', 'CPU/request gain', 'interval', 'preload', 'scripts', 'start');
foreach ($rows as $name => $row) {
    printf(
        "%-8s %16s %24s %10s %8d %8s\n",
        $name,
        $percent($row['gain']),
        null === $row['low'] ? '-' : $percent((float) $row['low']).' .. '.$percent((float) $row['high']),
        $mb($row['memory']),
        $row['scripts'],
        null === $row['start'] ? '-' : sprintf('%.2f s', $row['start']),
    );
}
$default = $rows['default'] ?? null;
$all = $rows['all'] ?? null;
$best = null;
foreach (['hot', 'all'] as $rung) {
    if (null !== ($rows[$rung]['gain'] ?? null) && (null === $best || $rows[$rung]['gain'] > $rows[$best]['gain'])) {
        $best = $rung;
    }
}
if (null === $default || null === $default['gain'] || null === $all || null === $best || 0 === $all['memory']) {
    fwrite(STDERR, "The report lacks the default's, hot's or all's figures.\n");
    exit(1);
}
$behind = ($rows[$best]['gain'] - $default['gain']) * 100;
$share = $default['memory'] / $all['memory'];
$log = (string) @file_get_contents($argv[2] ?? '');
if (preg_match('{^.*Strategy: .*$}m', $log, $line)) {
    printf("\ngenerate said: %s\n", trim($line[0]));
}
printf(
    "\nDefault vs best preload rung (%s): %.1f points %s (target: within 2 behind) %s\n",
    $best,
    abs($behind),
    $behind > 0 ? 'behind' : 'ahead',
    $behind <= 2.0 ? 'OK' : 'MISSED',
);
printf(
    "Default's preload memory vs preload all's: %s of %s, %.0f%% (target: at most 25%%) %s\n",
    $mb($default['memory']),
    $mb($all['memory']),
    $share * 100,
    $share <= 0.25 ? 'OK' : 'MISSED',
);
if (null !== $default['start'] && null !== $all['start'] && $all['start'] > 0) {
    // Start-up is one php-fpm start per scenario: noisier than memory, so it is shown, not a target here.
    printf(
        "Default's php-fpm start vs preload all's: %.2f s of %.2f s, %.0f%%\n",
        $default['start'],
        $all['start'],
        $default['start'] / $all['start'] * 100,
    );
}
exit($behind <= 2.0 && $share <= 0.25 ? 0 : 1);
