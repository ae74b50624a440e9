<?php

declare(strict_types=1);

namespace Preheat\Seeds;

use Preheat\Report\Svg\BarChart;
use Preheat\Report\Svg\ChartBar;
use Preheat\Report\Svg\ChartPanel;

/**
 * Table 3: the event-driven server's workloads on the worker and on nginx + php-fpm: hello world's
 * latency and memory, a page that reads from SQLite, static files of 1 KB to 100 MB (throughput, and
 * memory per process before and at the peak: flat when files are streamed), and process scaling.
 */
final class EventServerTable
{
    public const STACKS = [Stacks::WORKER, Stacks::FPM];
    public const CONCURRENCY = 100;
    public const SQLITE_PATH = '/sqlite.php';
    /** file => [concurrency, requests]: fewer and fewer as files grow, each run bounded in time as well */
    public const FILE_LOAD = ['1kb' => [100, 10000], '100kb' => [50, 5000], '1mb' => [20, 1000], '10mb' => [8, 200], '100mb' => [4, 40]];
    public const SCALING = [1, 2, 4];
    public const NGINX_STATIC = 'nginx-static';
    public const FPM_READFILE = 'fpm-readfile';

    public static function sqliteKey(string $stack): string
    {
        return Results::key('ab', 'sqlite', self::CONCURRENCY, $stack);
    }

    public static function fileKey(string $file, string $stack): string
    {
        return Results::key('ab', 'file', $file, $stack);
    }

    public static function scalingKey(int $workers, string $stack): string
    {
        return Results::key('ab', 'scaling', $workers, $stack);
    }

    /**
     * The rows of each file: the worker serving it from its document root (streamed over 2 MB), nginx
     * serving it in front of php-fpm (PHP not involved: the PSS is nginx's), and PHP's readfile() on php-fpm.
     * row => [label, stack it runs on, path of a file].
     *
     * @return array<string, array{string, string, string}>
     */
    public static function fileRows(string $file): array
    {
        return [
            Stacks::WORKER => ['worker: static file', Stacks::WORKER, Workbench::filePath($file)],
            self::NGINX_STATIC => ['nginx: static file (PSS: nginx)', Stacks::FPM, Workbench::filePath($file)],
            self::FPM_READFILE => ['nginx + php-fpm: PHP readfile()', Stacks::FPM, '/file.php?name='.$file.'.bin'],
        ];
    }

    public function markdown(Results $results, RunNotes $notes): string
    {
        $hello = [];
        $sqlite = [];
        foreach (self::STACKS as $stack) {
            [$rate, $failed, $p50, $p95, , $p99, $max, $memory] = ServerTable::abCells($results, ServerTable::abKey('hello', self::CONCURRENCY, $stack), $stack);
            $hello[] = [Stacks::LABELS[$stack], $rate, $failed, $p50, $p95, $p99, $max, $memory, Published::HELLO[$stack]];
            [$rate, $failed, $p50, $p95, , $p99, $max, $memory] = ServerTable::abCells($results, self::sqliteKey($stack), $stack);
            $sqlite[] = [Stacks::LABELS[$stack], $rate, $failed, $p50, $p95, $p99, $max, $memory, Published::SQL[$stack] ?? ''];
        }
        $files = [];
        foreach (self::FILE_LOAD as $file => [$concurrency, $requests]) {
            foreach (self::fileRows($file) as $row => [$label, $stack]) {
                $repeats = $results->repeats(self::fileKey($file, $row));
                $throughput = $repeats->bytesPerSecond();
                $files[] = [
                    strtoupper(str_replace('kb', ' KB', str_replace('mb', ' MB', $file))),
                    \sprintf('%d / %s', $concurrency, Cells::number($requests)),
                    $label,
                    [] === $repeats->runs ? self::unavailable($results, $stack) : ServerTable::rate($repeats),
                    null === $throughput ? Cells::NONE : Cells::spread(new Spread($throughput->median / 1048576, $throughput->min / 1048576, $throughput->max / 1048576, $throughput->count)),
                    [] === $repeats->runs ? Cells::NONE : Cells::failures($repeats),
                    Cells::memoryRange($repeats->idlePssBytes(), $repeats->peakPssBytes()),
                    null === $repeats->idlePssBytes() || null === $repeats->peakPssBytes() ? Cells::NONE : \sprintf('%+.1f MB', ($repeats->peakPssBytes() - $repeats->idlePssBytes()) / 1048576),
                    Stacks::WORKER === $row ? (Published::FILES[$file] ?? '') : '',
                ];
            }
        }
        $scaling = [];
        foreach (self::STACKS as $stack) {
            $one = $results->repeats(self::scalingKey(1, $stack))->requestsPerSecond();
            foreach (self::SCALING as $workers) {
                $repeats = $results->repeats(self::scalingKey($workers, $stack));
                $rps = $repeats->requestsPerSecond();
                $scaling[] = [
                    Stacks::LABELS[$stack],
                    (string) $workers,
                    [] === $repeats->runs ? self::unavailable($results, $stack) : ServerTable::rate($repeats),
                    null === $one || null === $rps || $one->median <= 0 ? Cells::NONE : Cells::number(100 * $rps->median / ($workers * $one->median)).'%',
                    [] === $repeats->runs ? Cells::NONE : Cells::failures($repeats),
                    Cells::coreShare($repeats->toolCpuShare()),
                ];
            }
        }

        return "## 3. The event-driven server's workloads: worker vs nginx + php-fpm\n\n"
            .'Published: '.Published::EVENT_SERVER_SOURCE.'; '.Published::TWO_CORES_SOURCE.".\n\n"
            .'Here: '.$notes->describe(\sprintf('`ab -k -r -t %d -n N -c C -s 10` per run', $notes->timeLimit))."\n\n"
            .\sprintf("Hello world (the same runs as table 2 at c = %d):\n\n", self::CONCURRENCY)
            .MarkdownTable::render(['server', 'req/s median (min–max)', 'failed / sent', 'p50 ms', 'p95 ms', 'p99 ms', 'max ms', 'PSS per PHP process (idle → peak)', 'published'], $hello)
            .\sprintf("\nA page that reads ten rows from SQLite (c = %d, %s requests):\n\n", self::CONCURRENCY, Cells::number(ServerTable::REQUESTS))
            .MarkdownTable::render(['server', 'req/s median (min–max)', 'failed / sent', 'p50 ms', 'p95 ms', 'p99 ms', 'max ms', 'PSS per PHP process (idle → peak)', 'published'], $sqlite)
            ."\nStatic files of the document root, and through PHP on php-fpm (PSS per serving process before the runs and at the peak during them: flat means streamed):\n\n"
            .MarkdownTable::render(['file', 'c / requests', 'served by', 'req/s median (min–max)', 'MB/s', 'failed / sent', 'PSS per process (idle → peak)', 'growth', 'published'], $files)
            .\sprintf("\nProcess scaling, hello world (c = %d; efficiency = req/s ÷ (N × req/s of one process)); published: %s:\n\n", self::CONCURRENCY, Published::SCALING)
            .MarkdownTable::render(['server', 'processes', 'req/s median (min–max)', 'efficiency', 'failed / sent', 'ab CPU'], $scaling)
            .($notes->cores <= 2 ? \sprintf("\nWith %d cores, more than %d busy processes cannot run at once, and ab shares the cores with them (ab CPU: its share of one core): past %d processes, efficiency measures the machine, not the server.\n", $notes->cores, $notes->cores, $notes->cores) : '');
    }

    public function chart(Results $results, RunNotes $notes): string
    {
        $bar = static function (string $label, Repeats $repeats): ChartBar {
            $spread = $repeats->requestsPerSecond();

            return new ChartBar($label, $spread->median ?? 0.0, $spread->min ?? 0.0, $spread->max ?? 0.0, null === $spread ? 'not measured' : Cells::number($repeats->failures()).' failed');
        };
        $throughput = [];
        $memory = [];
        $scaling = [];
        foreach (self::STACKS as $stack) {
            $throughput[] = $bar('hello, '.Stacks::SHORT_LABELS[$stack], $results->repeats(ServerTable::abKey('hello', self::CONCURRENCY, $stack)));
        }
        foreach (self::STACKS as $stack) {
            $throughput[] = $bar('SQLite, '.Stacks::SHORT_LABELS[$stack], $results->repeats(self::sqliteKey($stack)));
            foreach (self::SCALING as $workers) {
                $scaling[] = $bar(Stacks::SHORT_LABELS[$stack].' × '.$workers, $results->repeats(self::scalingKey($workers, $stack)));
            }
        }

        foreach (self::fileRows('100mb') as $row => [$label]) {
            $big = $results->repeats(self::fileKey('100mb', $row));
            $peak = $big->peakPssBytes();
            $idle = $big->idlePssBytes();
            $memory[] = new ChartBar(strtok($label, ':').(self::FPM_READFILE === $row ? ', readfile()' : ''), ($peak ?? 0) / 1048576, ($idle ?? 0) / 1048576, ($peak ?? 0) / 1048576, null === $peak ? 'not measured' : 'whisker from idle to peak');
        }

        return (new BarChart())->render('Event-driven server workloads: worker vs nginx + php-fpm (fpm)', [
            new ChartPanel('Hello world, SQLite page', 'req/s', $throughput, true),
            new ChartPanel('100 MB files', 'MB PSS per serving process', $memory, false),
            new ChartPanel('Process scaling', 'req/s, hello world', $scaling, true),
        ], $notes->footnote());
    }

    private static function unavailable(Results $results, string $stack): string
    {
        return 'not available'.(null === $results->unavailable($stack) ? '' : ': '.$results->unavailable($stack));
    }
}
