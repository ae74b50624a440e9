<?php

declare(strict_types=1);

namespace Preheat\Report\OpenMetrics;

use Preheat\Report\Renderer;
use Preheat\Util\DisplayString;
use Symfony\Component\Console\Output\OutputInterface;

/**
 * `--format=prometheus` of status and usage: their metric families (StatusMetrics, UsageMetrics) as
 * Prometheus' text format 0.0.4, the one node_exporter's textfile collector and `promtool check metrics` read:
 * each family's HELP and TYPE, then its samples, never interleaved, and no `# EOF`. A counter's family is named
 * as its samples, `NAME_total`, and typed counter (0.0.4 knows no family name apart from its samples'); 0.0.4
 * has no UNIT, the names carry it (`_bytes`, `_seconds`).
 *
 * @template T of object
 *
 * @implements Renderer<T>
 */
final class PrometheusTextRenderer implements Renderer
{
    /** @param \Closure(T): Exposition $families the report's metric families */
    public function __construct(private readonly \Closure $families)
    {
    }

    public function write(object $report, OutputInterface $output): void
    {
        $output->write(self::text(($this->families)($report)), false, OutputInterface::OUTPUT_RAW);
    }

    /** The exposition: every family in the order added, each line ended by a line feed. */
    public static function text(Exposition $metrics): string
    {
        $lines = [];
        foreach ($metrics->families() as $family) {
            $name = $family->sampleName();
            $lines[] = \sprintf('# HELP %s %s', $name, self::help($family->help));
            $lines[] = \sprintf('# TYPE %s %s', $name, $family->type->value);
            array_push($lines, ...$family->sampleLines());
        }

        return [] === $lines ? '' : implode("\n", $lines)."\n";
    }

    /**
     * HELP as 0.0.4 escapes it, once in DisplayString's form: a backslash doubled (its other escape, the line
     * feed's, cannot occur in that form; nor can a double quote, which MetricFamily refuses in HELP).
     */
    public static function help(string $help): string
    {
        return strtr(DisplayString::of($help), ['\\' => '\\\\']);
    }
}
