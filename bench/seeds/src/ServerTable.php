<?php

declare(strict_types=1);

namespace Preheat\Seeds;

use Preheat\Report\Svg\BarChart;
use Preheat\Report\Svg\ChartBar;
use Preheat\Report\Svg\ChartPanel;

/**
 * Table 2: the class-load page and hello world on the worker, Apache + mod_php and nginx + php-fpm
 * (without and with preloading) at concurrency 100, 500 and 1,000 with `ab -k`, and with wrk at 100.
 */
final class ServerTable
{
    /** page => [path, label] */
    public const PAGES = [
        'classload' => ['/classload.php', 'class-load'],
        'hello' => ['/hello.php', 'hello world'],
    ];
    public const CONCURRENCY = [100, 500, 1000];
    public const STACKS = [Stacks::WORKER, Stacks::MOD_PHP, Stacks::FPM, Stacks::FPM_PRELOADED];
    public const REQUESTS = 10000;
    public const WRK_CONCURRENCY = 100;

    public static function abKey(string $page, int $concurrency, string $stack): string
    {
        return Results::key('ab', $page, $concurrency, $stack);
    }

    public static function wrkKey(string $page, string $stack): string
    {
        return Results::key('wrk', $page, self::WRK_CONCURRENCY, $stack);
    }

    public function markdown(Results $results, RunNotes $notes): string
    {
        $rows = [];
        foreach (self::PAGES as $page => [, $label]) {
            foreach (self::CONCURRENCY as $concurrency) {
                foreach (self::STACKS as $stack) {
                    $published = 'classload' === $page ? (Published::CLASS_LOAD[$concurrency][$stack] ?? '') : (100 === $concurrency ? (Published::HELLO[$stack] ?? '') : '');
                    $rows[] = [$label, Cells::number($concurrency), Stacks::LABELS[$stack], ...self::abCells($results, self::abKey($page, $concurrency, $stack), $stack), $published];
                }
            }
        }
        $wrkRows = [];
        foreach (self::PAGES as $page => [, $label]) {
            foreach (self::STACKS as $stack) {
                $wrkRows[] = [$label, Stacks::LABELS[$stack], ...self::wrkCells($results, self::wrkKey($page, $stack), $stack)];
            }
        }

        return "## 2. The class-load test and hello world: worker vs Apache/mod_php vs nginx + php-fpm\n\n"
            .'Published: '.Published::CLASS_LOAD_SOURCE.'; hello world: '.Published::EVENT_SERVER_SOURCE.'; '.Published::TWO_CORES_SOURCE.".\n\n"
            .'Here: '.$notes->describe(\sprintf('`ab -k -r -t %d -n %s -c C -s 10` per run', $notes->timeLimit, Cells::number(self::REQUESTS)))."\n\n"
            .MarkdownTable::render(
                ['page', 'c', 'server', 'req/s median (min–max)', 'failed / sent', 'p50 ms', 'p95 ms', 'p98 ms', 'p99 ms', 'max ms', 'PSS per PHP process (idle → peak)', 'ab CPU', 'published req/s'],
                $rows,
            )
            ."\nwrk at concurrency ".self::WRK_CONCURRENCY.\sprintf(' (`wrk -t 2 -c %d -d %ds --latency`, HTTP/1.1 keep-alive):', self::WRK_CONCURRENCY, $notes->wrkSeconds)."\n\n"
            .MarkdownTable::render(['page', 'server', 'req/s median (min–max)', 'failed / sent', 'p50 ms', 'p75 ms', 'p90 ms', 'p99 ms', 'max ms', 'wrk CPU'], $wrkRows)
            ."\nab CPU, wrk CPU: the load tool's own CPU time over the run, as a share of one core (median over the runs). ab has one thread: near 100%, ab, not the server, set the pace.\n";
    }

    public function chart(Results $results, RunNotes $notes): string
    {
        $panels = [];
        foreach (self::CONCURRENCY as $concurrency) {
            $bars = [];
            foreach (self::PAGES as $page => [, $label]) {
                foreach (self::STACKS as $stack) {
                    $rps = $results->repeats(self::abKey($page, $concurrency, $stack));
                    $spread = $rps->requestsPerSecond();
                    $bars[] = new ChartBar($label.', '.Stacks::SHORT_LABELS[$stack], $spread->median ?? 0.0, $spread->min ?? 0.0, $spread->max ?? 0.0,
                        null === $spread ? 'not measured' : Cells::number($rps->failures()).' failed');
                }
            }
            $panels[] = new ChartPanel('c = '.Cells::number($concurrency), 'req/s', $bars, true);
        }

        return (new BarChart())->render('Class-load page and hello world, ab -k (fpm: nginx + php-fpm)', $panels, $notes->footnote());
    }

    /** @return list<string> req/s, failed, p50, p95, p98, p99, max, PSS, the tool's CPU */
    public static function abCells(Results $results, string $key, string $stack): array
    {
        $repeats = $results->repeats($key);
        if ([] === $repeats->runs) {
            return ['not available'.(null === $results->unavailable($stack) ? '' : ': '.$results->unavailable($stack)), Cells::NONE, Cells::NONE, Cells::NONE, Cells::NONE, Cells::NONE, Cells::NONE, Cells::NONE, Cells::NONE];
        }

        return [
            self::rate($repeats),
            Cells::failures($repeats),
            Cells::ms($repeats->percentileMs(50)),
            Cells::ms($repeats->percentileMs(95)),
            Cells::ms($repeats->percentileMs(98)),
            Cells::ms($repeats->percentileMs(99)),
            Cells::ms($repeats->percentileMs(100)),
            Cells::memoryRange($repeats->idlePssBytes(), $repeats->peakPssBytes()),
            Cells::coreShare($repeats->toolCpuShare()),
        ];
    }

    /** @return list<string> req/s, failed, p50, p75, p90, p99, max, the tool's CPU */
    private static function wrkCells(Results $results, string $key, string $stack): array
    {
        $repeats = $results->repeats($key);
        if ([] === $repeats->runs) {
            return ['not available'.(null === $results->unavailable($stack) ? '' : ': '.$results->unavailable($stack)), Cells::NONE, Cells::NONE, Cells::NONE, Cells::NONE, Cells::NONE, Cells::NONE, Cells::NONE];
        }

        return [
            self::rate($repeats),
            Cells::failures($repeats),
            Cells::ms($repeats->percentileMs(50)),
            Cells::ms($repeats->percentileMs(75)),
            Cells::ms($repeats->percentileMs(90)),
            Cells::ms($repeats->percentileMs(99)),
            Cells::ms($repeats->percentileMs(100)),
            Cells::coreShare($repeats->toolCpuShare()),
        ];
    }

    /** The median req/s with its min–max, and why runs gave nothing when they did not. */
    public static function rate(Repeats $repeats): string
    {
        $errors = $repeats->errors();
        $spread = $repeats->requestsPerSecond();
        // Big files come a few a second: keep a decimal there.
        $rate = Cells::spread($spread, null !== $spread && $spread->median < 100 ? 1 : 0);
        if ([] === $errors) {
            return $rate;
        }

        return $rate.' ('.(\count($repeats->runs) - \count($repeats->completed())).' of '.\count($repeats->runs).' runs gave no result: '.implode('; ', $errors).')';
    }
}
