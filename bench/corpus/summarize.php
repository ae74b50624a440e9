<?php

declare(strict_types=1);

// Reads what bench/corpus/run.sh left in the results directory and prints one table (a row per app),
// then, for every step that failed, its command and the first lines of its output.
// Exit code 1 when any step of any app failed.
// Usage: php summarize.php RESULTS_DIR WORK_DIR APP...

[, $results, $work] = $argv;
$apps = array_slice($argv, 3);

function text(string $file): string
{
    return is_file($file) ? (string) file_get_contents($file) : '';
}

function rc(string $dir, string $step): ?int
{
    $rc = trim(text("$dir/$step.rc"));

    return '' === $rc ? null : (int) $rc;
}

/** @return array<mixed>|null */
function json(string $file): ?array
{
    $data = json_decode(text($file), true);

    return is_array($data) ? $data : null;
}

/** A file of the app's own code: not a Composer package, not a library of the system's include path. */
function ownCode(string $path): bool
{
    return !preg_match('~(^|/)vendor/~', $path) && !str_starts_with($path, '/usr/share/php/');
}

/** @return array{ok: bool, startup: ?string, pages: string, problems: int, lines: list<string>} */
function fpmCheck(string $dir, string $step): array
{
    $out = text("$dir/$step.out");
    preg_match('/^startup (\d+)ms/m', $out, $m);
    preg_match_all('/^page (\d+) \d+ (\S+) /m', $out, $pages, PREG_SET_ORDER);
    $good = count(array_filter($pages, static fn ($p): bool => '200' === $p[1] && 'ok' === $p[2]));
    $problems = preg_grep('/(Fatal|Warning|Can\'t preload|ERROR|ALERT|exhausted|overflow)/i', explode("\n", $out)) ?: [];

    return [
        'ok' => 0 === rc($dir, $step) && [] !== $pages && $good === count($pages) && [] === $problems,
        'startup' => isset($m[1]) ? sprintf('%.2f s', $m[1] / 1000) : null,
        'pages' => sprintf('%d/%d', $good, count($pages)),
        'problems' => count($problems),
        'lines' => array_values($problems),
    ];
}

$rows = [];
$failures = [];
foreach ($apps as $app) {
    $dir = "$results/$app";
    $row = ['app' => $app];
    $steps = [];
    $steps['setup'] = 0 === rc($dir, 'setup');
    $plain = fpmCheck($dir, 'app');
    $steps['app'] = $steps['setup'] && $plain['ok'];

    $steps['generate'] = 0 === rc($dir, 'generate');
    $plan = json("$dir/plan.out");
    $plan = $plan['plan'] ?? $plan;
    $scanned = null;
    if (null !== $plan) {
        $files = array_merge(array_column($plan['included'] ?? [], 'file'), array_column($plan['dropped'] ?? [], 'file'));
        $own = array_filter($files, 'ownCode');
        $scanned = sprintf('%d of %d', count($own), count($files));
    } elseif (preg_match('/Scanned\s+(\d+) files/', text("$dir/generate.out").text("$dir/generate.err"), $m)) {
        $scanned = "? of {$m[1]}";
    }
    $row['own files scanned'] = $scanned ?? '—';

    // verify's text report: "Preloaded  N scripts, N classes, N functions, X MB preload memory", "Messages   N fatal, N warnings".
    $verify = text("$dir/verify.out");
    $steps['verify'] = 0 === rc($dir, 'verify');
    $preloaded = preg_match('/Preloaded\s+[\d,]+ scripts, ([\d,]+) classes, [\d,]+ functions, ([\d.]+) MB/', $verify, $p) ? $p : null;
    $messages = preg_match('/Messages\s+(\d+) fatal, (\d+) warnings/', $verify, $m) ? $m : null;
    $row['classes'] = null === $preloaded ? '—' : number_format((int) str_replace(',', '', $preloaded[1]));
    $row['preload MB'] = null === $preloaded ? '—' : sprintf('%.1f', $preloaded[2]);
    $row['verify fatals/warnings'] = null === $messages ? '—' : $messages[1].'/'.$messages[2];

    $fpm = fpmCheck($dir, 'fpm');
    $steps['fpm'] = $fpm['ok'];
    $row['fpm start (none → preload)'] = sprintf('%s → %s', $plain['startup'] ?? '—', $fpm['startup'] ?? '—');
    $row['fpm log problems'] = is_file("$dir/fpm.rc") ? (string) $fpm['problems'] : '—';

    $reports = [];
    foreach (['noise' => 'none vs none', 'bench' => 'gate'] as $file => $column) {
        $reports[$file] = $report = json("$dir/$file/report.json");
        $gate = [];
        foreach ($report['scenarios'] ?? [] as $scenario) {
            if ('none' !== $scenario['name']) {
                $gate[] = $scenario['name'].' '.($scenario['measured'] ? 'ok' : 'FAIL');
            }
        }
        $steps[$file] = 0 === rc($dir, $file) && null !== $report;
        $row[$column] = [] === $gate ? (is_file("$dir/$file.rc") ? 'no report' : '—') : implode(', ', $gate);
    }

    if (is_file("$dir/canary.rc")) {
        // Only a measured "none" and an unmeasured canary, stopped by the gate, show that the gate still sees.
        $canary = json("$dir/canary/report.json");
        $caught = false;
        foreach ($canary['scenarios'] ?? [] as $scenario) {
            $caught = $caught || ('canary' === $scenario['name'] && !$scenario['measured']
                && [] !== preg_grep('/differ/i', $scenario['problems'] ?? []));
        }
        $steps['canary'] = 1 === rc($dir, 'canary') && $caught;
        $row['gate'] .= $caught ? ', canary caught' : ', canary MISSED';
    }
    $row['time'] = sprintf('%d s', array_sum(array_map(static fn (string $f): int => (int) text($f), glob("$dir/*.seconds") ?: [])));
    $row['steps'] = implode(' ', array_map(static fn ($name, $ok): string => ($ok ? '' : '!').$name, array_keys($steps), $steps));
    $row['result'] = in_array(false, $steps, true) ? 'FAIL' : 'PASS';
    $rows[] = $row;

    foreach ($steps as $name => $ok) {
        if ($ok) {
            continue;
        }
        $file = $name;
        $output = trim(text("$dir/$file.out")."\n".text("$dir/$file.err"));
        if ('generate' === $name && false !== $at = strpos($output, "\nVerify ")) {
            $output = substr($output, $at + 1); // the plan went well: what verification said matters
        }
        if ('fpm' === $name || 'app' === $name) {
            $check = 'fpm' === $name ? $fpm : $plain;
            $output = trim(implode("\n", array_filter(explode("\n", $output), static fn ($l): bool => !str_starts_with($l, 'log ')))."\n".implode("\n", array_slice($check['lines'], 0, 8)));
        }
        if (null !== ($reports[$name] ?? null)) {
            $problems = [];
            foreach ($reports[$name]['scenarios'] as $scenario) {
                foreach ($scenario['problems'] ?? [] as $problem) {
                    $problems[] = $scenario['name'].': '.$problem;
                }
            }
            $output = implode("\n", $problems) ?: $output;
        }
        // Progress lines about each symlink followed would fill the excerpt: one line says how many.
        $lines = explode("\n", $output);
        $links = preg_grep('/^\s*✓ Followed the link /', $lines);
        if (count($links) > 1) {
            $lines = array_values(array_diff_key($lines, $links));
            array_unshift($lines, sprintf('(%d "Followed the link" progress lines left out)', count($links)));
        }
        $lines = array_values(array_filter($lines, static fn (string $l): bool => '' !== trim($l)));
        $failures[] = sprintf("%s / %s (exit %s)\n  \$ %s\n%s%s", $app, $name, rc($dir, $file) ?? '—', trim(text("$dir/$file.cmd")),
            implode("\n", array_map(static fn ($l): string => '  '.mb_strimwidth($l, 0, 220, '…'), array_slice($lines, 0, 25))),
            count($lines) > 25 ? sprintf("\n  … %d more lines in %s/%s.out", count($lines) - 25, $dir, $file) : '');
    }
}

$columns = array_keys($rows[0] ?? ['app' => '']);
$widths = [];
foreach ($columns as $column) {
    $widths[$column] = max(mb_strlen($column), ...array_map(static fn ($r): int => mb_strlen((string) $r[$column]), $rows));
}
$line = static fn (array $cells): string => '| '.implode(' | ', array_map(static fn ($c) => $cells[$c].str_repeat(' ', $widths[$c] - mb_strlen((string) $cells[$c])), $columns)).' |';
echo $line(array_combine($columns, $columns)), "\n";
echo '|', implode('|', array_map(static fn ($c): string => str_repeat('-', $widths[$c] + 2), $columns)), "|\n";
foreach ($rows as $row) {
    echo $line($row), "\n";
}
echo "\nsteps: setup, app (pages without preloading), generate, verify (--ini=php-fpm's, --strict), fpm (started with\n"
    ."the script), noise (gate none vs none), bench (gate none vs all, trace), canary (the gate fails on a script\n"
    ."made to change a page); ! marks a step that failed.\n";
if ([] !== $failures) {
    echo "\nFailures:\n\n", implode("\n\n", $failures), "\n";
}
exit([] === $failures ? 0 : 1);
