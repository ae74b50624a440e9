<?php

declare(strict_types=1);

namespace Preheat\Report\OpenMetrics;

use Preheat\Report\Renderer;
use Preheat\Util\DisplayString;
use Symfony\Component\Console\Output\OutputInterface;

/**
 * `--format=openmetrics` of status and usage: their metric families (StatusMetrics, UsageMetrics) as
 * OpenMetrics 1.0 text: each family's TYPE, UNIT and HELP, then its samples, never interleaved, and `# EOF`
 * last. A counter is written as an untyped `NAME_total` family with its HELP and no TYPE (see
 * MetricType::Counter), so `promtool check metrics`, which reads text format 0.0.4, accepts it too;
 * `--format=prometheus` (PrometheusTextRenderer) types it.
 *
 * @template T of object
 *
 * @implements Renderer<T>
 */
final class OpenMetricsRenderer implements Renderer
{
    /** @param \Closure(T): Exposition $families the report's metric families */
    public function __construct(private readonly \Closure $families)
    {
    }

    public function write(object $report, OutputInterface $output): void
    {
        $output->write(self::text(($this->families)($report)), false, OutputInterface::OUTPUT_RAW);
    }

    /** The exposition: every family in the order added, then `# EOF`, each line ended by a line feed. */
    public static function text(Exposition $metrics): string
    {
        $lines = [];
        foreach ($metrics->families() as $family) {
            // See MetricType::Counter: an untyped family of the sample's name, which both formats accept.
            $name = $family->sampleName();
            if (MetricType::Counter !== $family->type) {
                $lines[] = \sprintf('# TYPE %s %s', $name, $family->type->value);
            }
            if ('' !== $family->unit) {
                $lines[] = \sprintf('# UNIT %s %s', $name, $family->unit);
            }
            $lines[] = \sprintf('# HELP %s %s', $name, self::help($family->help));
            array_push($lines, ...$family->sampleLines());
        }
        $lines[] = '# EOF';

        return implode("\n", $lines)."\n";
    }

    /**
     * HELP as OpenMetrics escapes it, once in DisplayString's form, so without a line feed or another control
     * character: a backslash doubled. Its other escape, a double quote's, is one text format 0.0.4 refuses in
     * HELP, so MetricFamily allows no double quote there.
     */
    public static function help(string $help): string
    {
        return strtr(DisplayString::of($help), ['\\' => '\\\\']);
    }
}
