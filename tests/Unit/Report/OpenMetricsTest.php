<?php

declare(strict_types=1);

namespace Preheat\Tests\Unit\Report;

use PHPUnit\Framework\Attributes\DataProvider;
use PHPUnit\Framework\TestCase;
use Preheat\Deploy\PreloadStatus;
use Preheat\Deploy\ScriptVersions;
use Preheat\Deploy\StaleReason;
use Preheat\Deploy\StatusUnknown;
use Preheat\Php\CachedScripts;
use Preheat\Php\InternedStrings;
use Preheat\Php\OpcacheLifetime;
use Preheat\Php\OpcacheMemory;
use Preheat\Php\OpcachePreload;
use Preheat\Php\OpcacheStatus;
use Preheat\Plan\Strategy\StoreReading;
use Preheat\Plan\Strategy\UsageSnapshot;
use Preheat\Report\Formats\Renderers;
use Preheat\Report\OpenMetrics\Exposition;
use Preheat\Report\OpenMetrics\MetricFamily;
use Preheat\Report\OpenMetrics\MetricType;
use Preheat\Report\OpenMetrics\OpenMetricsRenderer;
use Preheat\Report\OpenMetrics\PrometheusTextRenderer;
use Preheat\Report\UsageReport;
use Preheat\Script\Write\ScriptManifest;
use Preheat\Tests\Support\ExpositionValidators;
use Preheat\Tests\Support\OpenMetricsParser;
use Preheat\Usage\UsageSummary;
use Preheat\Util\DisplayString;
use Symfony\Component\Console\Output\BufferedOutput;

/**
 * `status` and `usage` with `--format=openmetrics`, read back with a strict parser of the format
 * (tests/Support/OpenMetricsParser, after the specification's ABNF: the registry has no Composer package that
 * parses it), and with `--format=prometheus` (text format 0.0.4), read back by Prometheus' Python client; both
 * checked by `promtool check metrics` (ExpositionValidators), with a hostile script path in every label.
 */
final class OpenMetricsTest extends TestCase
{
    /**
     * A path with every character that could end a label, a line or an escape (for Prometheus' Python client
     * CR, VT, FF, NEL and LS end a line too), a terminal's escape sequence and a byte that is not UTF-8.
     */
    private const HOSTILE = "/srv/a\"b\\c\nd}e{f=\"g\",h/pre\xA9lo\r\x0B\x0C\u{85}\u{2028}\e]0;x\x07ad.php";

    public function testStatusParsesAndCarriesAHostilePathLosslessly(): void
    {
        $text = $this->write(new Renderers(), $this->preloadStatus(self::HOSTILE, [StaleReason::OtherVersionPreloaded]));
        ExpositionValidators::assertValid($text);
        $families = OpenMetricsParser::parse($text);

        foreach ($families as $name => $family) {
            self::assertNotSame([], $family['samples'], $name);
            self::assertNotSame('', $family['help'], $name.' has a HELP');
            foreach ($family['samples'] as $sample) {
                self::assertSame(self::HOSTILE, DisplayString::decode($sample['labels']['script']), $name);
                self::assertSame('127.0.0.1:9000', $sample['labels']['server']);
            }
        }
        self::assertSame(1, substr_count($text, '# EOF'));
        self::assertSame(['1'], $this->values($families, 'preheat_status_up'));
        self::assertSame(
            ['fresh' => '0', 'stale' => '1', 'unknown' => '0'],
            $this->byLabel($families, 'preheat_preload_state', 'state'),
        );
        $reasons = $this->byLabel($families, 'preheat_preload_stale_reason', 'reason');
        self::assertCount(\count(StaleReason::cases()), $reasons, 'a bounded set of reasons, each always present');
        self::assertSame(['other-version-preloaded'], array_keys(array_filter($reasons, static fn ($v) => '1' === $v)));
        self::assertSame(['7'], $this->values($families, 'preheat_preload_classes'));
        self::assertSame(['3'], $this->values($families, 'preheat_preload_functions'));
        self::assertSame(['2'], $this->values($families, 'preheat_preload_scripts'));
        self::assertSame(['4096'], $this->values($families, 'preheat_preload_memory_bytes'));
        self::assertSame('bytes', $families['preheat_preload_memory_bytes']['unit']);
        self::assertSame(['9000'], $this->values($families, 'preheat_opcache_memory_used_bytes'));
        self::assertSame(['11000'], $this->values($families, 'preheat_opcache_memory_size_bytes'), 'used+free+wasted');
        self::assertSame(['500'], $this->values($families, 'preheat_opcache_memory_wasted_bytes'));
        self::assertSame(['2000'], $this->values($families, 'preheat_opcache_interned_strings_used_bytes'));
        self::assertSame(['8388608'], $this->values($families, 'preheat_opcache_interned_strings_size_bytes'));
        self::assertSame('unknown', $families['preheat_opcache_restarts_total']['type'], 'a counter both formats read');
        self::assertSame(
            ['oom' => '1', 'hash' => '0', 'manual' => '2'],
            $this->byLabel($families, 'preheat_opcache_restarts_total', 'reason'),
        );
        self::assertSame(['1700000000'], $this->values($families, 'preheat_opcache_start_timestamp_seconds'));
        self::assertSame(['0'], $this->values($families, 'preheat_opcache_last_restart_timestamp_seconds'));
        self::assertSame(['1700000100'], $this->values($families, 'preheat_preload_script_modified_timestamp_seconds'));
        $info = $families['preheat_preload_info']['samples'][0]['labels'];
        self::assertSame('8.2.30', $info['php']);
        self::assertSame(self::HOSTILE, DisplayString::decode($info['preload']));
        self::assertSame((new ScriptManifest(str_repeat('a', 64), str_repeat('b', 64)))->className(), $info['running_manifest']);
        self::assertSame((new ScriptManifest(str_repeat('c', 64), str_repeat('d', 64)))->className(), $info['disk_manifest']);
    }

    public function testAFreshStatus(): void
    {
        $families = OpenMetricsParser::parse($this->write(new Renderers(), $this->preloadStatus('/srv/app/preload.php', [])));

        self::assertSame(
            ['fresh' => '1', 'stale' => '0', 'unknown' => '0'],
            $this->byLabel($families, 'preheat_preload_state', 'state'),
        );
        self::assertSame(
            ['0'],
            array_values(array_unique($this->byLabel($families, 'preheat_preload_stale_reason', 'reason'))),
        );
    }

    public function testAServerThatDidNotAnswerIsUnknownWithTheSameNames(): void
    {
        $unknown = new StatusUnknown('127.0.0.1:9000', self::HOSTILE, 'cannot reach php-fpm', 1700000100);
        $text = $this->write(new Renderers(), $unknown);
        ExpositionValidators::assertValid($text);
        $families = OpenMetricsParser::parse($text);

        self::assertSame(
            ['preheat_status_up', 'preheat_preload_state', 'preheat_preload_script_modified_timestamp_seconds'],
            array_keys($families),
        );
        self::assertSame(['0'], $this->values($families, 'preheat_status_up'));
        self::assertSame(
            ['fresh' => '0', 'stale' => '0', 'unknown' => '1'],
            $this->byLabel($families, 'preheat_preload_state', 'state'),
        );
        self::assertSame(
            ['openmetrics', 'prometheus'],
            (new Renderers())->formats(StatusUnknown::class),
            'only monitoring says it',
        );
    }

    public function testUsage(): void
    {
        $text = $this->write(new Renderers(), $this->usageReport());
        ExpositionValidators::assertValid($text);
        $families = OpenMetricsParser::parse($text);

        self::assertSame(self::HOSTILE, DisplayString::decode($families['preheat_usage_requests_total']['samples'][0]['labels']['store']));
        self::assertSame('unknown', $families['preheat_usage_dropped_requests_total']['type']);
        self::assertSame(['50'], $this->values($families, 'preheat_usage_dropped_requests_total'));
        self::assertSame(['1200'], $this->values($families, 'preheat_usage_requests_total'));
        self::assertSame(['24'], $this->values($families, 'preheat_usage_batches_total'));
        self::assertSame(['2'], $this->values($families, 'preheat_usage_files'));
        self::assertSame(['2'], $this->values($families, 'preheat_usage_servers'));
        self::assertSame(['1'], $this->values($families, 'preheat_usage_damaged_records'));
        self::assertSame(['1714581000'], $this->values($families, 'preheat_usage_last_request_timestamp_seconds'));
        self::assertSame(['1714557600'], $this->values($families, 'preheat_usage_first_request_timestamp_seconds'));
    }

    /** @return iterable<string, array{\Closure(self): object}> */
    public static function monitoredReports(): iterable
    {
        yield 'a stale status' => [static fn (self $test): object => $test->preloadStatus(self::HOSTILE, [StaleReason::FilesChanged])];
        yield 'a fresh status' => [static fn (self $test): object => $test->preloadStatus('/srv/app/preload.php', [])];
        yield 'a server that did not answer' => [static fn (): object => new StatusUnknown('127.0.0.1:9000', self::HOSTILE, 'gone', 1700000100)];
        yield 'usage' => [static fn (self $test): object => $test->usageReport()];
    }

    /**
     * `--format=prometheus` is what node_exporter's textfile collector reads (text format 0.0.4, as promtool
     * parses it): every family has its HELP and a type, a counter typed counter under its samples' `_total`
     * name (the OpenMetrics output reads as untyped there), no `# EOF` and no UNIT, the same samples as
     * `--format=openmetrics`, and label values read back losslessly.
     *
     * @param \Closure(self): object $report
     */
    #[DataProvider('monitoredReports')]
    public function testThePrometheusTextFormatTypesEveryFamilyAndCarriesTheSameSamples(\Closure $report): void
    {
        $report = $report($this);
        $text = $this->write(new Renderers(), $report, 'prometheus');
        $families = ExpositionValidators::prometheusTextFamilies($text);
        $openMetrics = $this->write(new Renderers(), $report);
        ExpositionValidators::assertValid($openMetrics);

        self::assertStringNotContainsString('# EOF', $text);
        self::assertStringNotContainsString('# UNIT', $text);
        $expected = [];
        foreach (OpenMetricsParser::parse($openMetrics) as $family) {
            foreach ($family['samples'] as $sample) {
                $expected[] = [$sample['name'], $sample['labels'], (float) $sample['value']];
            }
        }
        $read = [];
        $counters = [];
        foreach ($families as $name => $family) {
            self::assertContains($family['type'], ['gauge', 'counter'], $name.' is typed, not untyped');
            self::assertNotSame('', $family['help'], $name.' has a HELP');
            if ('counter' === $family['type']) {
                $counters[] = $name;
            }
            foreach ($family['samples'] as $sample) {
                $read[] = [$sample['name'], $sample['labels'], (float) $sample['value']];
                if ('counter' === $family['type']) {
                    self::assertSame($name.'_total', $sample['name']);
                }
            }
        }
        self::assertSame($expected, $read, 'the samples of --format=openmetrics, label values read alike');
        $expectedCounters = match (true) {
            $report instanceof UsageReport => ['preheat_usage_requests', 'preheat_usage_batches', 'preheat_usage_dropped_requests'],
            $report instanceof StatusUnknown => [],
            default => ['preheat_opcache_restarts'],
        };
        self::assertSame($expectedCounters, $counters);
        foreach ($read as [$name, $labels]) {
            $label = $labels['script'] ?? $labels['store'];
            self::assertContains(DisplayString::decode($label), [self::HOSTILE, '/srv/app/preload.php'], $name);
        }
    }

    public function testBothFormatsEscapeHelpAndLabelsSoBothReadersReadThemBack(): void
    {
        $help = 'A \'quoted\' \\ help, with a line feed'."\n".'and a \\n that is no escape.';
        $metrics = (new Exposition())
            ->add(MetricType::Counter, 'x_events', '', $help, Exposition::sample(['path' => "a\"b\\c\nd"], 3))
            ->add(MetricType::Gauge, 'x_seconds', 'seconds', $help, Exposition::sample([], 1.5));

        $text = PrometheusTextRenderer::text($metrics);
        $families = ExpositionValidators::prometheusTextFamilies($text);
        self::assertSame(['x_events', 'x_seconds'], array_keys($families));
        self::assertSame('counter', $families['x_events']['type']);
        self::assertSame(DisplayString::of($help), $families['x_events']['help']);
        self::assertSame(DisplayString::of($help), $families['x_seconds']['help']);
        self::assertSame("a\"b\\c\nd", DisplayString::decode($families['x_events']['samples'][0]['labels']['path']));
        self::assertStringStartsWith(
            // DisplayString's form doubles a backslash, and 0.0.4 escapes it again.
            "# HELP x_events_total A 'quoted' \\\\\\\\ help, with a line feed\\\\x0Aand a \\\\\\\\n that is no escape.\n"
            ."# TYPE x_events_total counter\nx_events_total{path=\"a\\\"b\\\\\\\\c\\\\x0Ad\"} 3\n",
            $text,
        );
        $openMetrics = OpenMetricsRenderer::text($metrics);
        ExpositionValidators::assertValid($openMetrics);
        self::assertSame(DisplayString::of($help), OpenMetricsParser::parse($openMetrics)['x_events_total']['help']);
    }

    public function testEscapingIsOpenMetricsOwn(): void
    {
        self::assertSame('a\\\\b\\"c}', MetricFamily::labelValue('a\\b"c}'));
        // A control character (a line feed too) as \xHH, so no reader splits the line at it.
        self::assertSame('a\\\\\\\\b\\\\x0A\\\\x0D\\\\xE2\\\\x80\\\\xA8c', MetricFamily::labelValue("a\\b\n\r\u{2028}c"));
        // Not UTF-8: the stray byte as \xHH (and so backslashes doubled first), then escaped for the format.
        self::assertSame('a\\\\\\\\b\\\\xA9', MetricFamily::labelValue("a\\b\xA9"));
        // HELP: in both formats a backslash doubled (after DisplayString's form doubled it).
        self::assertSame('say \\\\\\\\a\\\\x0A', OpenMetricsRenderer::help("say \\a\n"));
        self::assertSame('say \\\\\\\\a\\\\x0A', PrometheusTextRenderer::help("say \\a\n"));
        $text = OpenMetricsRenderer::text((new Exposition())
            ->add(MetricType::Gauge, 'x_seconds', 'seconds', "help \\ with\na newline", [
                ['labels' => [], 'value' => 1.5],
                ['labels' => ['a' => ''], 'value' => 1e20],
                ['labels' => ['a' => 'b'], 'value' => \INF],
            ]));
        self::assertSame(
            "# TYPE x_seconds gauge\n# UNIT x_seconds seconds\n# HELP x_seconds help \\\\\\\\ with\\\\x0Aa newline\n"
            ."x_seconds 1.5\nx_seconds{a=\"\"} 1.0E+20\nx_seconds{a=\"b\"} +Inf\n# EOF\n",
            $text,
        );
        self::assertSame("help \\ with\na newline", DisplayString::decode(OpenMetricsParser::parse($text)['x_seconds']['help']));
    }

    /** @return iterable<string, array{\Closure(Exposition): mixed}> */
    public static function badFamilies(): iterable
    {
        yield 'bad name' => [static fn (Exposition $e) => $e->add(MetricType::Gauge, '1x', '', 'h', [])];
        yield 'repeated' => [static fn (Exposition $e) => $e->add(MetricType::Gauge, 'x', '', 'h', [])->add(MetricType::Gauge, 'x', '', 'h', [])];
        yield 'unit not a suffix' => [static fn (Exposition $e) => $e->add(MetricType::Gauge, 'x', 'bytes', 'h', [])];
        yield 'counter named _total' => [static fn (Exposition $e) => $e->add(MetricType::Counter, 'x_total', '', 'h', [])];
        yield 'counter and gauge of one sample name' => [static fn (Exposition $e) => $e->add(MetricType::Counter, 'x', '', 'h', [])->add(MetricType::Gauge, 'x_total', '', 'h', [])];
        yield 'bad label name' => [static fn (Exposition $e) => $e->add(MetricType::Gauge, 'x', '', 'h', [['labels' => ['a-b' => 'v'], 'value' => 1]])];
        yield 'a double quote in HELP' => [static fn (Exposition $e) => $e->add(MetricType::Gauge, 'x', '', 'say "x"', [])];
        yield 'reserved label' => [static fn (Exposition $e) => $e->add(MetricType::Gauge, 'x', '', 'h', [['labels' => ['__name' => 'v'], 'value' => 1]])];
        yield 'same labels twice' => [static fn (Exposition $e) => $e->add(MetricType::Gauge, 'x', '', 'h', [['labels' => ['a' => 'v'], 'value' => 1], ['labels' => ['a' => 'v'], 'value' => 2]])];
    }

    /** @param \Closure(Exposition): mixed $build */
    #[DataProvider('badFamilies')]
    public function testANameOrLabelSetOutsideTheGrammarIsABug(\Closure $build): void
    {
        $this->expectException(\LogicException::class);
        $build(new Exposition());
    }

    /** @return iterable<string, array{string, string}> */
    public static function invalidExpositions(): iterable
    {
        yield 'no EOF' => ["# TYPE a gauge\na 1\n", 'does not end with'];
        yield 'two EOF' => ["a 1\n# EOF\n# EOF\n", 'a # line other than'];
        yield 'interleaved' => ["# TYPE a gauge\na 1\n# TYPE b gauge\nb 1\na{x=\"1\"} 2\n# EOF\n", 'interleaved'];
        yield 'TYPE after samples' => ["a 1\n# TYPE a gauge\n# EOF\n", 'metadata after'];
        yield 'HELP before TYPE' => ["# HELP a h\n# TYPE a gauge\na 1\n# EOF\n", 'after HELP'];
        yield 'unit not a suffix' => ["# TYPE a gauge\n# UNIT a bytes\na 1\n# EOF\n", 'must end'];
        yield 'counter without _total' => ["# TYPE a counter\na 1\n# EOF\n", 'interleaved'];
        yield 'raw quote' => ["a{x=\"a\"b\"} 1\n# EOF\n", 'bad label syntax'];
        yield 'undefined escape' => ["a{x=\"a\\tb\"} 1\n# EOF\n", 'an escape other than'];
        yield 'quote in HELP' => ["# TYPE a gauge\n# HELP a say \\\"hi\\\"\na 1\n# EOF\n", 'double quote in HELP'];
        yield 'trailing comma' => ["a{x=\"1\",} 1\n# EOF\n", 'trailing comma'];
        yield 'not a number' => ["a 1,5\n# EOF\n", 'not a number'];
        yield 'stateset' => ["# TYPE a stateset\na{a=\"x\"} 1\n# EOF\n", 'unknown type'];
        yield 'not UTF-8' => ["a{x=\"\xA9\"} 1\n# EOF\n", 'not valid UTF-8'];
        yield 'a CR in a label' => ["a{x=\"a\rb\"} 1\n# EOF\n", 'ends a line'];
        yield 'an LS in a label' => ["a{x=\"a\u{2028}b\"} 1\n# EOF\n", 'ends a line'];
        yield 'blank line' => ["a 1\n\nb 1\n# EOF\n", 'blank line'];
        yield 'same labels twice' => ["a{x=\"1\"} 1\na{x=\"1\"} 2\n# EOF\n", 'the same labels twice'];
    }

    /** The parser the tests rely on refuses what the format does not allow (a check that cannot fail proves nothing). */
    #[DataProvider('invalidExpositions')]
    public function testTheParserRefusesWhatTheFormatDoesNotAllow(string $text, string $error): void
    {
        $this->expectException(\UnexpectedValueException::class);
        $this->expectExceptionMessage($error);
        OpenMetricsParser::parse($text);
    }

    private function usageReport(): UsageReport
    {
        $snapshot = new UsageSnapshot(requests: 1200, fileCounts: ['/app/a.php' => 1200, '/app/b.php' => 300], from: 1714557600, to: 1714581000, servers: ['web1', 'web2'], reading: new StoreReading(batches: 24, skippedRecords: 1, droppedRequests: 50));

        return new UsageReport(UsageSummary::of($snapshot), self::HOSTILE);
    }

    /** @param list<StaleReason> $reasons */
    private function preloadStatus(string $script, array $reasons): PreloadStatus
    {
        $opcache = new OpcacheStatus(
            php: '8.2.30',
            user: 'www-data',
            enabled: true,
            preload: new OpcachePreload(
                memoryBytes: 4096,
                scripts: ['/srv/a.php', '/srv/b.php'],
                classes: 7,
                functions: 3,
            ),
            memory: new OpcacheMemory(usedBytes: 9000, freeBytes: 1500, wastedBytes: 500),
            scripts: new CachedScripts(count: 40, maxKeys: 100),
            ini: ['preload' => $script],
            interned: new InternedStrings(usedBytes: 2000, bufferBytes: 8388608),
            manifest: null,
            lifetime: new OpcacheLifetime(startTime: 1700000000, restarts: ['oom' => 1, 'hash' => 0, 'manual' => 2]),
        );
        $running = new ScriptManifest(str_repeat('a', 64), str_repeat('b', 64));
        $onDisk = [] === $reasons ? $running : new ScriptManifest(str_repeat('c', 64), str_repeat('d', 64));

        return new PreloadStatus(
            server: '127.0.0.1:9000',
            script: $script,
            php: '8.2.30',
            preloadedScript: $script,
            versions: new ScriptVersions(running: $running, onDisk: $onDisk, onDiskModified: 1700000100),
            preloadedClasses: 7,
            problems: [] === $reasons ? [] : ['php-fpm preloaded another version of the script'],
            action: [] === $reasons ? null : PreloadStatus::RESTART,
            reasons: $reasons,
            opcache: $opcache,
        );
    }

    private function write(Renderers $renderers, object $report, string $format = 'openmetrics'): string
    {
        $output = new BufferedOutput();
        $renderers->write($report, $format, $output);

        return $output->fetch();
    }

    /**
     * @param array<string, array{samples: list<array{labels: array<string, string>, value: string}>}> $families
     *
     * @return list<string>
     */
    private function values(array $families, string $name): array
    {
        self::assertArrayHasKey($name, $families);

        return array_map(static fn (array $s): string => $s['value'], $families[$name]['samples']);
    }

    /**
     * @param array<string, array{samples: list<array{labels: array<string, string>, value: string}>}> $families
     *
     * @return array<string, string>
     */
    private function byLabel(array $families, string $name, string $label): array
    {
        self::assertArrayHasKey($name, $families);
        $values = [];
        foreach ($families[$name]['samples'] as $sample) {
            $values[$sample['labels'][$label]] = $sample['value'];
        }

        return $values;
    }
}
