<?php

declare(strict_types=1);

namespace Preheat\Seeds;

use Preheat\Report\Svg\BarChart;
use Preheat\Report\Svg\ChartBar;
use Preheat\Report\Svg\ChartPanel;

/**
 * Table 1: the preloading write-up's three scenarios on the demo (no preloading, every safe file, one
 * request's classes), read from the report.json `preheat bench` wrote, beside the published figures.
 */
final class PreloadTable
{
    public const SCENARIOS = [
        'none' => 'none',
        'all' => 'all (naive: every safe file)',
        'trace' => 'trace (optimised: one request\'s classes)',
    ];

    /** @param array<string, mixed> $report the bench's report.json, decoded */
    public function __construct(private readonly array $report)
    {
    }

    /** @throws \RuntimeException naming the file when it is not a bench report */
    public static function fromFile(string $path): self
    {
        $json = @file_get_contents($path);
        $report = false === $json ? null : json_decode($json, true);
        if (!\is_array($report) || !isset($report['scenarios']) || !\is_array($report['scenarios'])) {
            throw new \RuntimeException($path.' is not a report.json of preheat bench: run the bench again.');
        }

        return new self($report);
    }

    public function markdown(RunNotes $notes): string
    {
        $rows = [];
        foreach (self::SCENARIOS as $name => $label) {
            $scenario = $this->scenario($name);
            $published = Published::PRELOAD[$name];
            if (null === $scenario) {
                $rows[] = [$label, 'not run', Cells::NONE, Cells::NONE, Cells::NONE, Cells::NONE, Cells::NONE, Cells::NONE, Cells::NONE, ...$published];
                continue;
            }
            $problems = array_map('strval', (array) ($scenario['problems'] ?? []));
            $rows[] = [
                $label,
                Cells::spread(self::spread($scenario['requestsPerSecond'] ?? null), 1).([] === $problems ? '' : ' ('.strtok($problems[0], "\n").')'),
                Cells::spread(self::spread($scenario['timePerRequestMs'] ?? null), 1),
                Cells::spread(self::spread($scenario['cpuPerRequestMs'] ?? null), 2),
                self::gain($scenario['gain'] ?? null),
                self::preloaded($scenario['preload'] ?? null),
                Cells::megabytes(isset($scenario['preload']['memoryBytes']) ? (int) $scenario['preload']['memoryBytes'] : null),
                self::pssPerWorker($scenario),
                self::failures($scenario),
                ...$published,
            ];
        }
        $environment = (array) ($this->report['environment'] ?? []);

        return "## 1. Preloading the demo: none / all (naive) / one request's classes (optimised)\n\n"
            .'Published: '.Published::PRELOAD_SOURCE.".\n\n"
            .\sprintf(
                'Here: the demo (Laravel 12, its home page), `preheat bench --tool=ab`: %s, %s rounds with the scenarios interleaved (median and min–max), PHP %s, %s php-fpm workers; gains paired by round. %s',
                (string) ($environment['toolSettings'] ?? 'ab'),
                (string) ($environment['rounds'] ?? '?'),
                (string) ($environment['php'] ?? '?'),
                (string) ($environment['workers'] ?? '?'),
                self::sharingOf($notes),
            )."\n\n"
            ."PHP CPU per request: what php-fpm's processes spent per request (read from /proc before and after each run), less blurred by a busy machine than req/s. The write-up's figures are req/s only.\n\n"
            .MarkdownTable::render(
                ['scenario', 'req/s median (min–max)', 'time per request ms', 'PHP CPU per request ms', 'gain vs none (95% CI)', 'preloaded', 'preload memory', 'PSS per php-fpm worker', 'failed / sent',
                    'published req/s', 'published time per request', 'published preloaded', 'published preload memory'],
                $rows,
            );
    }

    public function chart(RunNotes $notes): string
    {
        $rps = [];
        $time = [];
        foreach (self::SCENARIOS as $name => $label) {
            $scenario = $this->scenario($name);
            $r = self::spread($scenario['requestsPerSecond'] ?? null);
            $t = self::spread($scenario['timePerRequestMs'] ?? null);
            $rps[] = new ChartBar($label, $r->median ?? 0.0, $r->min ?? 0.0, $r->max ?? 0.0, 'published: '.strtok(Published::PRELOAD[$name][0], ' '));
            $time[] = new ChartBar($label, $t->median ?? 0.0, $t->min ?? 0.0, $t->max ?? 0.0, 'published: '.Published::PRELOAD[$name][1]);
        }

        return (new BarChart())->render('Preloading the demo (ab -c 50)', [
            new ChartPanel('Requests per second', 'req/s', $rps, true),
            new ChartPanel('Time per request', 'ms', $time, false),
        ], $notes->footnote());
    }

    /** @return array<string, mixed>|null */
    private function scenario(string $name): ?array
    {
        foreach ((array) $this->report['scenarios'] as $scenario) {
            if (\is_array($scenario) && ($scenario['name'] ?? null) === $name) {
                return $scenario;
            }
        }

        return null;
    }

    private static function spread(mixed $value): ?Spread
    {
        if (!\is_array($value) || !isset($value['median'])) {
            return null;
        }

        return new Spread((float) $value['median'], (float) ($value['min'] ?? $value['median']), (float) ($value['max'] ?? $value['median']), (int) ($value['n'] ?? 1));
    }

    private static function gain(mixed $gain): string
    {
        if (!\is_array($gain) || !isset($gain['median'])) {
            return Cells::NONE;
        }
        $percent = static fn (mixed $v): string => \sprintf('%+.1f%%', 100 * (float) $v);
        $interval = isset($gain['ciLow'], $gain['ciHigh']) ? ' ('.$percent($gain['ciLow']).' … '.$percent($gain['ciHigh']).')' : '';

        return $percent($gain['median']).$interval.(isset($gain['verdict']) ? ', '.$gain['verdict'] : '');
    }

    private static function preloaded(mixed $preload): string
    {
        if (!\is_array($preload) || 0 === (int) ($preload['classes'] ?? 0) + (int) ($preload['functions'] ?? 0)) {
            return Cells::NONE;
        }

        return \sprintf('%s classes, %s functions', Cells::number((float) ($preload['classes'] ?? 0)), Cells::number((float) ($preload['functions'] ?? 0)));
    }

    /** @param array<string, mixed> $scenario */
    private static function pssPerWorker(array $scenario): string
    {
        $pss = $scenario['workerPssBytes'] ?? null;
        $workers = (int) ($scenario['workers'] ?? 0);

        return null === $pss || $workers <= 0 ? Cells::NONE : Cells::megabytes(intdiv((int) $pss, $workers));
    }

    /** @param array<string, mixed> $scenario */
    private static function failures(array $scenario): string
    {
        $failed = 0;
        $sent = 0;
        foreach ((array) ($scenario['runs'] ?? []) as $run) {
            if (\is_array($run)) {
                $failed += (int) ($run['non2xx'] ?? 0) + (int) ($run['socketErrors'] ?? 0) + (int) ($run['timeouts'] ?? 0);
                $sent += (int) ($run['requests'] ?? 0);
            }
        }

        return Cells::number($failed).' / '.Cells::number($sent);
    }

    private static function sharingOf(RunNotes $notes): string
    {
        return $notes->cores <= 2 ? \sprintf('This machine has %d cores: ab runs on the same cores as nginx and php-fpm.', $notes->cores) : '';
    }
}
