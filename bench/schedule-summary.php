<?php

declare(strict_types=1);

/*
 * The table of bench/schedule.sh: reads DIR/P-turns/report.json and DIR/P-together/report.json for each
 * pair P, prints per run each gain against the baseline on the report's headline figure, its 95%
 * interval and half-width, then per schedule the median half-width and rounds, and for each pair and
 * scenario whether the two schedules' gains agree (each lies within the other's interval).
 * Exit 0, or 3 when a report is missing or has no gain.
 *
 * Usage: php bench/schedule-summary.php DIR PAIRS
 */

[, $work, $pairs] = $argv + [1 => '', 2 => '0'];
$pairs = (int) $pairs;
if ('' === $work || $pairs < 1) {
    fwrite(\STDERR, "Usage: php bench/schedule-summary.php DIR PAIRS\n");
    exit(2);
}

$percent = static fn (float $fraction): string => sprintf('%+.1f%%', $fraction * 100);
// Columns padded by characters, not bytes: "…" and "±" take more than one byte.
$line = static function (string ...$cells): string {
    $widths = [5, 9, 7, 10, 9, 10, 20];
    $out = '';
    foreach ($cells as $i => $cell) {
        $out .= isset($widths[$i]) ? $cell.str_repeat(' ', max(1, $widths[$i] - mb_strlen($cell) + 1)) : $cell;
    }

    return rtrim($out)."\n";
};
$median = static function (array $values): float {
    sort($values);
    $n = count($values);

    return 0 === $n % 2 ? ($values[$n / 2 - 1] + $values[$n / 2]) / 2 : $values[intdiv($n, 2)];
};

/** @var array<string, array<int, array<string, array{float, ?float, ?float, ?float}>>> $gains schedule → pair → scenario → gain, low, high, half-width */
$gains = [];
$rounds = [];
$rows = '';
$metric = null;
for ($pair = 1; $pair <= $pairs; ++$pair) {
    foreach (['turns', 'together'] as $schedule) {
        $file = "$work/$pair-$schedule/report.json";
        $report = is_file($file) ? json_decode((string) file_get_contents($file), true) : null;
        if (!is_array($report)) {
            fwrite(\STDERR, "bench/schedule.sh: no report in $file\n");
            exit(3);
        }
        $rounds[$schedule][] = $report['environment']['rounds'];
        $measured = $report['stopping']['measuredSeconds'] ?? null;
        foreach ($report['scenarios'] as $scenario) {
            if ($scenario['name'] === $report['baseline']) {
                continue;
            }
            $gain = $scenario['headline'] ?? null;
            if (!is_array($gain)) {
                fwrite(\STDERR, sprintf("bench/schedule.sh: %s has no gain in %s: %s\n", $scenario['name'], $file, json_encode($scenario['problems'])));
                exit(3);
            }
            $metric ??= $gain['metric'];
            $gains[$schedule][$pair][$scenario['name']] = [$gain['median'], $gain['ciLow'], $gain['ciHigh'], $gain['halfWidthPoints'] ?? null];
            $rows .= $line(
                (string) $pair,
                $schedule,
                (string) $report['environment']['rounds'],
                null === $measured ? '?' : sprintf('%.0f s', $measured),
                $scenario['name'],
                $percent($gain['median']),
                null === $gain['ciLow'] ? 'no interval' : $percent($gain['ciLow']).' … '.$percent($gain['ciHigh']),
                null === ($gain['halfWidthPoints'] ?? null) ? '—' : sprintf('±%.1f', $gain['halfWidthPoints']),
            );
        }
    }
}
printf("Gains against the baseline on %s, each report's headline figure:\n", $metric);
echo $line('pair', 'schedule', 'rounds', 'measured', 'scenario', 'gain', '95% interval', 'half-width'), $rows;

echo "\n";
foreach (['turns', 'together'] as $schedule) {
    $widths = [];
    foreach ($gains[$schedule] as $scenarios) {
        foreach ($scenarios as [, , , $width]) {
            if (null !== $width) {
                $widths[] = $width;
            }
        }
    }
    printf("%-8s median half-width ±%s points, median rounds %s\n", $schedule, [] === $widths ? '—' : sprintf('%.1f', $median($widths)), $median($rounds[$schedule]));
}

echo "\nDo the schedules agree (each gain within the other's interval)?\n";
for ($pair = 1; $pair <= $pairs; ++$pair) {
    foreach ($gains['turns'][$pair] as $name => [$turns, $turnsLow, $turnsHigh]) {
        [$together, $togetherLow, $togetherHigh] = $gains['together'][$pair][$name] ?? [null, null, null];
        $within = static fn (?float $x, ?float $low, ?float $high): string => null === $x || null === $low || null === $high ? 'no interval' : ($x >= $low && $x <= $high ? 'yes' : 'no');
        printf(
            "pair %d %s: together %s within turns' interval: %s; turns %s within together's: %s\n",
            $pair,
            $name,
            null === $together ? '—' : $percent($together),
            $within($together, $turnsLow, $turnsHigh),
            $percent($turns),
            $within($turns, $togetherLow, $togetherHigh),
        );
    }
}
