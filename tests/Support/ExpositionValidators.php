<?php

declare(strict_types=1);

namespace Preheat\Tests\Support;

use PHPUnit\Framework\Assert;
use Symfony\Component\Process\Process;

/**
 * What the readers of an exposition say about it. OpenMetrics (problems()): the strict parser of the format
 * (OpenMetricsParser), `promtool check metrics` (Prometheus' own checker, parser and linter of text format
 * 0.0.4: Debian's prometheus package) and Prometheus' Python client, by its OpenMetrics and its 0.0.4
 * parser (Debian's python3-prometheus-client). Text format 0.0.4 (prometheusTextFamilies()): promtool, which
 * parses it as node_exporter's textfile collector does (the same Go parser), and the Python client's 0.0.4
 * parser, whose reading (types, HELP, samples) it returns. scripts/install-deps.sh installs both tools; a test
 * that finds one missing is skipped, saying which, rather than passed on the strict parser alone.
 */
final class ExpositionValidators
{
    private const PROMTOOL = '/usr/bin/promtool';
    private const PYTHON = '/usr/bin/python3';

    /** Reads the exposition from stdin with both parsers; each prints what it refuses. */
    private const PYTHON_CHECK = <<<'PY'
        import sys
        from prometheus_client.openmetrics.parser import text_string_to_metric_families as om
        from prometheus_client.parser import text_string_to_metric_families as text
        t = sys.stdin.buffer.read().decode('utf-8')
        failed = False
        for name, parse in (('OpenMetrics', om), ('text 0.0.4', text)):
            try:
                list(parse(t))
            except Exception as e:
                print(name + ': ' + str(e))
                failed = True
        sys.exit(1 if failed else 0)
        PY;

    /**
     * Reads text format 0.0.4 with its parser in Prometheus' Python client and prints the families as JSON:
     * name => type, HELP and samples (name, labels, value as text).
     */
    private const PYTHON_READ_TEXT = <<<'PY'
        import json, sys
        from prometheus_client.parser import text_string_to_metric_families as text
        t = sys.stdin.buffer.read().decode('utf-8')
        try:
            families = {f.name: {'type': f.type, 'help': f.documentation, 'samples': [
                {'name': s.name, 'labels': s.labels, 'value': repr(s.value)} for s in f.samples
            ]} for f in text(t)}
        except Exception as e:
            print('text 0.0.4: ' + str(e))
            sys.exit(1)
        print(json.dumps(families))
        PY;

    /** Fails the test with what each reader refuses, unless every one accepts $text. */
    public static function assertValid(string $text, string $what = 'the exposition'): void
    {
        Assert::assertSame([], self::problems($text), $what." is refused:\n".$text);
    }

    /**
     * What the readers refuse in $text (empty: all accept it); skips the test when a tool is not installed.
     *
     * @return list<string>
     */
    public static function problems(string $text): array
    {
        self::requireTools();
        $problems = [];
        try {
            OpenMetricsParser::parse($text);
        } catch (\UnexpectedValueException $e) {
            $problems[] = 'OpenMetricsParser: '.$e->getMessage();
        }
        $problems = array_merge($problems, self::promtoolProblems($text));
        $python = new Process([self::PYTHON, '-c', self::PYTHON_CHECK], null, null, $text, 30);
        $python->run();
        if (0 !== $python->getExitCode()) {
            $problems[] = 'prometheus_client: '.trim($python->getOutput().$python->getErrorOutput());
        }

        return $problems;
    }

    /**
     * The families of $text, in Prometheus' text format 0.0.4, as the Python client's parser of that format
     * reads them (a counter's family named without its samples' `_total`); fails the test with what
     * prometheusTextProblems() finds.
     *
     * @return array<string, array{type: string, help: string,
     *                             samples: list<array{name: string, labels: array<string, string>, value: string}>}>
     */
    public static function prometheusTextFamilies(string $text): array
    {
        [$problems, $families] = self::readPrometheusText($text);
        Assert::assertSame([], $problems, "the text format 0.0.4 exposition is refused:\n".$text);

        return $families;
    }

    /**
     * What promtool and the Python client's 0.0.4 parser refuse in $text, and every family that parser reads
     * without a type or HELP (empty: all is well); skips the test when a tool is not installed.
     *
     * @return list<string>
     */
    public static function prometheusTextProblems(string $text): array
    {
        return self::readPrometheusText($text)[0];
    }

    /**
     * @return array{list<string>, array<string, array{type: string, help: string,
     *                                                 samples: list<array{name: string, labels: array<string, string>, value: string}>}>}
     */
    private static function readPrometheusText(string $text): array
    {
        self::requireTools();
        $problems = self::promtoolProblems($text);
        $python = new Process([self::PYTHON, '-c', self::PYTHON_READ_TEXT], null, null, $text, 30);
        $python->run();
        if (0 !== $python->getExitCode()) {
            $problems[] = 'prometheus_client: '.trim($python->getOutput().$python->getErrorOutput());

            return [$problems, []];
        }
        /** @var array<string, array{type: string, help: string, samples: list<array{name: string, labels: array<string, string>, value: string}>}> $families */
        $families = json_decode($python->getOutput(), true, 16, \JSON_THROW_ON_ERROR);
        foreach ($families as $name => $family) {
            if (!\in_array($family['type'], ['gauge', 'counter', 'histogram', 'summary'], true)) {
                $problems[] = \sprintf('prometheus_client reads %s as %s, not typed', $name, $family['type']);
            }
            if ('' === $family['help']) {
                $problems[] = \sprintf('prometheus_client reads %s without HELP', $name);
            }
        }

        return [$problems, $families];
    }

    private static function requireTools(): void
    {
        if (!is_executable(self::PROMTOOL)) {
            Assert::markTestSkipped('promtool is not installed (Debian\'s prometheus package: scripts/install-deps.sh)');
        }
        if (!is_executable(self::PYTHON) || 0 !== (new Process([self::PYTHON, '-c', 'import prometheus_client']))->run()) {
            Assert::markTestSkipped(
                'Prometheus\' Python client is not installed (Debian\'s python3-prometheus-client: scripts/install-deps.sh)',
            );
        }
    }

    /**
     * What `promtool check metrics` (parser and linter) says of $text: nothing when it accepts it.
     *
     * @return list<string>
     */
    private static function promtoolProblems(string $text): array
    {
        $problems = [];
        $promtool = new Process([self::PROMTOOL, 'check', 'metrics'], null, null, $text, 30);
        $promtool->run();
        if (0 !== $promtool->getExitCode()) {
            $problems[] = \sprintf(
                'promtool check metrics (exit %d): %s',
                (int) $promtool->getExitCode(),
                trim($promtool->getOutput().$promtool->getErrorOutput()),
            );
        }

        return $problems;
    }
}
