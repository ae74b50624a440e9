<?php

declare(strict_types=1);

namespace Preheat\Report\OpenMetrics;

use Preheat\Util\DisplayString;

/**
 * One metric family, what both text formats write of it (OpenMetricsRenderer, PrometheusTextRenderer): its
 * type, name, unit, HELP and samples. Names are checked against the formats' grammar here (a bad one is a bug,
 * not input). The two formats write the samples alike, so their lines are written here: every label value in
 * DisplayString's form (`\xHH` per stray byte and per byte of a control character, which no parser splits a
 * line at), then escaped as both formats say (backslash, double quote; a line feed no longer occurs).
 */
final readonly class MetricFamily
{
    private const METRIC_NAME = '/^[a-zA-Z_:][a-zA-Z0-9_:]*$/';
    private const LABEL_NAME = '/^[a-zA-Z_][a-zA-Z0-9_]*$/';

    /**
     * A counter is named without `_total`, which its samples add; a unit, when given, ends the name (`_bytes`,
     * `_seconds`), as OpenMetrics requires; HELP holds no double quote (see below).
     *
     * @param list<array{labels: array<string, string>, value: int|float}> $samples
     */
    public function __construct(
        public MetricType $type,
        public string $name,
        public string $unit,
        public string $help,
        public array $samples,
    ) {
        if (1 !== preg_match(self::METRIC_NAME, $name)) {
            throw new \LogicException(\sprintf('Invalid metric family name "%s".', $name));
        }
        if ('' !== $unit && !str_ends_with($name, '_'.$unit)) {
            throw new \LogicException(\sprintf('The unit "%s" must end the metric name %s.', $unit, $name));
        }
        if (MetricType::Counter === $type && (str_ends_with($name, '_total') || '' !== $unit)) {
            throw new \LogicException(\sprintf('Counter %s: name the family without _total, give no unit.', $name));
        }
        // OpenMetrics must escape it in HELP, as \", an escape text format 0.0.4 refuses there (promtool and
        // node_exporter fail the whole file): our OpenMetrics output is read as 0.0.4 too.
        if (str_contains($help, '"')) {
            throw new \LogicException(\sprintf('The HELP of %s holds a double quote, which 0.0.4 cannot read.', $name));
        }
        $seen = [];
        foreach ($samples as $sample) {
            $labels = self::labels($sample['labels']);
            if (isset($seen[$labels])) {
                throw new \LogicException(\sprintf('Two samples of %s with the labels %s.', $name, $labels));
            }
            $seen[$labels] = true;
        }
    }

    /** The name of its samples: a counter's ends in `_total`. */
    public function sampleName(): string
    {
        return MetricType::Counter === $this->type ? $this->name.'_total' : $this->name;
    }

    /**
     * Its samples as both formats write them, one line each (without its line feed).
     *
     * @return list<string>
     */
    public function sampleLines(): array
    {
        return array_map(
            fn (array $sample): string => $this->sampleName().self::labels($sample['labels'])
                .' '.self::number($sample['value']),
            $this->samples,
        );
    }

    /**
     * A label value as both formats escape it (backslash and double quote; the line feed they also escape
     * cannot occur), once in DisplayString's form: valid UTF-8 without control characters, so without those
     * that Prometheus' Python client would take for the end of a line (CR, VT, FF, NEL, LS and PS).
     */
    public static function labelValue(string $value): string
    {
        return strtr(DisplayString::of($value), ['\\' => '\\\\', '"' => '\\"']);
    }

    /** @param array<string, string> $labels */
    private static function labels(array $labels): string
    {
        if ([] === $labels) {
            return '';
        }
        $pairs = [];
        foreach ($labels as $name => $value) {
            $name = (string) $name;
            // Names starting with __ are reserved for Prometheus itself.
            if (1 !== preg_match(self::LABEL_NAME, $name) || str_starts_with($name, '__')) {
                throw new \LogicException(\sprintf('Invalid label name "%s".', $name));
            }
            $pairs[] = $name.'="'.self::labelValue($value).'"';
        }

        return '{'.implode(',', $pairs).'}';
    }

    /** Integers as they are; floats with a decimal point or exponent, as the grammar's realnumber. */
    private static function number(int|float $value): string
    {
        if (\is_int($value)) {
            return (string) $value;
        }
        if (is_nan($value)) {
            return 'NaN';
        }
        if (is_infinite($value)) {
            return $value > 0 ? '+Inf' : '-Inf';
        }
        $text = var_export($value, true);

        return str_contains($text, '.') || str_contains($text, 'E') || str_contains($text, 'e') ? $text : $text.'.0';
    }
}
