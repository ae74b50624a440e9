<?php

declare(strict_types=1);

/*
 * What the end of a short program costs: every program Preheat runs to completion (locating PHP and its ini,
 * each verification boot) is checked at its end for anything it left running, which reads /proc. This runs
 * `true` through SymfonyProcessRunner many times and prints the time per run, how many times each run read the
 * whole of /proc, and what one such reading costs on this machine (it grows with the number of processes).
 *
 * Usage: php bench/process-stop.php [RUNS]   (default 200)
 */

require __DIR__.'/../vendor/autoload.php';

use Preheat\Process\ProcessTree;
use Preheat\Process\SymfonyProcessRunner;

$runs = max(1, (int) ($argv[1] ?? 200));
$tree = new ProcessTree();
$runner = new SymfonyProcessRunner($tree);
$runner->run(['true']); // warm: the autoloader, the PATH lookups

$scansBefore = $tree->scans();
$started = hrtime(true);
for ($i = 0; $i < $runs; ++$i) {
    $runner->run(['true']);
}
$perRun = (hrtime(true) - $started) / 1e6 / $runs;
$scansPerRun = ($tree->scans() - $scansBefore) / $runs;

// One reading of /proc on its own, on a tree of its own so that the count above is not touched.
$alone = new ProcessTree();
$readings = 50;
$started = hrtime(true);
for ($i = 0; $i < $readings; ++$i) {
    $alone->snapshot();
}
$perScan = (hrtime(true) - $started) / 1e6 / $readings;
$processes = count(array_filter(scandir('/proc') ?: [], 'ctype_digit'));

printf("runs of `true`:        %d\n", $runs);
printf("time per run:          %.2f ms\n", $perRun);
printf("/proc scans per run:   %.2f\n", $scansPerRun);
printf("one /proc scan:        %.2f ms (%d processes)\n", $perScan, $processes);
printf("scanning per run:      %.2f ms\n", $scansPerRun * $perScan);
