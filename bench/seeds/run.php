<?php

declare(strict_types=1);

/*
 * `make seeds`: reproduces the published tables in shape on this machine (see doc/seeds.md). Prints the
 * three tables beside the published figures and writes them, an SVG per table and every run
 * (results.json) into bench/seeds/results/.
 *
 *   php bench/seeds/run.php [--tables=1,2,3] [--repeats=3] [--workers=4] [--time-limit=4] [--budget=900] [--out=DIR]
 *
 * Table 1 expects the demo set up (bench/seeds/run.sh does it). Every load run is bounded in requests and
 * in seconds; --budget bounds the whole run: what is left when it is spent is reported as skipped.
 */

use Preheat\Php\PhpInstallationLocator;
use Preheat\Process\SymfonyProcessRunner;
use Preheat\Seeds\Deadline;
use Preheat\Seeds\EventServerTable;
use Preheat\Seeds\LoadRunner;
use Preheat\Seeds\PreloadTable;
use Preheat\Seeds\Results;
use Preheat\Seeds\RunNotes;
use Preheat\Seeds\SeedsRun;
use Preheat\Seeds\ServerTable;
use Preheat\Seeds\Stacks;
use Preheat\Seeds\Workbench;
use Preheat\Server\Binaries;
use Preheat\Server\ProcessSupervisor;
use Preheat\Util\AtomicFile;

$root = dirname(__DIR__, 2);
$loader = require $root.'/vendor/autoload.php';
// composer.json maps it too (autoload-dev); this keeps a vendor/ dumped before bench/seeds/ existed working.
$loader->addPsr4('Preheat\\Seeds\\', __DIR__.'/src/');

$options = getopt('', ['tables:', 'repeats:', 'workers:', 'time-limit:', 'budget:', 'out:']);
$option = static fn (string $name, string $default): string => is_string($options[$name] ?? null) ? $options[$name] : $default;
$tables = array_map('intval', explode(',', $option('tables', '1,2,3')));
$repeats = max(1, (int) $option('repeats', '3'));
$workers = max(1, (int) $option('workers', '4'));
$timeLimit = max(1, (int) $option('time-limit', '4'));
$out = $option('out', __DIR__.'/results');
$progress = static function (string $line): void {
    fwrite(\STDERR, $line."\n");
};

$started = microtime(true);
$runner = new SymfonyProcessRunner();
$supervisor = new ProcessSupervisor($runner);
$php = (new PhpInstallationLocator($runner))->locate(Binaries::common()[Binaries::PHP], null, Binaries::common()[Binaries::FPM]);
$notes = new RunNotes((int) trim((string) shell_exec('nproc')) ?: 1, $workers, $repeats, $timeLimit, 2, \PHP_VERSION);
if (!is_dir($out) && !mkdir($out, 0755, true)) {
    fwrite(\STDERR, "seeds: cannot create $out: choose another --out.\n");
    exit(2);
}
$limits = posix_getrlimit();
if (is_array($limits) && is_numeric($limits['soft openfiles'] ?? null) && (int) $limits['soft openfiles'] < 2 * 1000 + 100) {
    $progress(sprintf('ulimit -n is %d: ab at concurrency 1,000 may fail to open its connections (raise it: ulimit -n 4096).', $limits['soft openfiles']));
}

$sections = [];
$write = static function (string $name, string $content) use ($out): void {
    AtomicFile::write($out.'/'.$name, $content, AtomicFile::READABLE);
};
$results = new Results();

if (in_array(1, $tables, true)) {
    try {
        $report = SeedsRun::preloadBench($runner, $root, $out.'/preload', $repeats, 2 * $timeLimit, $progress(...));
        $table = PreloadTable::fromFile($report);
        $sections[1] = $table->markdown($notes);
        $write('table1.svg', $table->chart($notes));
    } catch (RuntimeException $error) {
        $sections[1] = "## 1. Preloading the demo\n\nNot measured: ".$error->getMessage()."\n";
    }
    $write('table1.md', $sections[1]);
}

if (in_array(2, $tables, true) || in_array(3, $tables, true)) {
    $workbench = Workbench::create(__DIR__.'/apps');
    try {
        $preload = $workbench->preloadScript($runner, $root.'/bin/preheat');
        $deadline = new Deadline(max(60.0, (float) $option('budget', '900') - (microtime(true) - $started)));
        $run = new SeedsRun(new Stacks($supervisor, $php, $workbench, $preload), new LoadRunner($supervisor, $deadline, $timeLimit), $notes, $progress(...));
        if (in_array(2, $tables, true)) {
            $run->serverTable($results);
            $table = new ServerTable();
            $sections[2] = $table->markdown($results, $notes);
            $write('table2.md', $sections[2]);
            $write('table2.svg', $table->chart($results, $notes));
        }
        if (in_array(3, $tables, true)) {
            $run->eventServerTable($results);
            $table = new EventServerTable();
            $sections[3] = $table->markdown($results, $notes);
            $write('table3.md', $sections[3]);
            $write('table3.svg', $table->chart($results, $notes));
        }
    } finally {
        $supervisor->stopAll();
        $workbench->remove();
    }
    $write('results.json', json_encode($results->toArray(), \JSON_PRETTY_PRINT | \JSON_UNESCAPED_SLASHES | \JSON_THROW_ON_ERROR)."\n");
}

ksort($sections);
$charts = array_map(static fn (int $table): string => "table$table.svg", array_keys($sections));
$document = "# Published results, reproduced in shape on this machine\n\n".implode("\n", $sections)
    .sprintf("\nTook %d s. Written to %s: seeds.md, %s%s.\n", (int) round(microtime(true) - $started), $out, implode(', ', $charts), isset($sections[2]) || isset($sections[3]) ? ', results.json (every run)' : '');
$write('seeds.md', $document);
echo $document;
