<?php

declare(strict_types=1);

namespace Preheat\Report\OpenMetrics;

use Preheat\Util\DisplayString;

/**
 * An OpenMetrics text exposition (OpenMetrics 1.0, readable as Prometheus text format 0.0.4), built family by
 * family and written whole: each family's TYPE, UNIT and HELP, then its samples, never interleaved, and
 * `# EOF` last. Names are checked against the format's grammar (a bad one is a bug, not input); every label
 * value and HELP text is escaped here, so a path holding `"`, `\`, a newline, another control character or
 * bytes that are not UTF-8 cannot break a line or a label. Label values are written in DisplayString's form
 * (`\xHH` per stray byte and per byte of a control character, which no parser splits a line at), then
 * escaped as the format says.
 */
final class Exposition
{
    private const METRIC_NAME = '/^[a-zA-Z_:][a-zA-Z0-9_:]*$/';
    private const LABEL_NAME = '/^[a-zA-Z_][a-zA-Z0-9_]*$/';

    /** @var array<string, list<string>> family name => its lines */
    private array $families = [];

    /**
     * Adds a family. Its unit, when given, must end its name (`_bytes`, `_seconds`), as OpenMetrics requires.
     *
     * @param list<array{labels: array<string, string>, value: int|float}> $samples
     */
    public function add(MetricType $type, string $name, string $unit, string $help, array $samples): self
    {
        if (1 !== preg_match(self::METRIC_NAME, $name) || isset($this->families[$name])) {
            throw new \LogicException(\sprintf('Invalid or repeated metric family name "%s".', $name));
        }
        if ('' !== $unit && !str_ends_with($name, '_'.$unit)) {
            throw new \LogicException(\sprintf('The unit "%s" must end the metric name %s.', $unit, $name));
        }
        if (MetricType::Counter === $type && (str_ends_with($name, '_total') || '' !== $unit)) {
            throw new \LogicException(\sprintf('Counter %s: name the family without _total, give no unit.', $name));
        }
        $lines = [];
        if (MetricType::Counter === $type) {
            // See MetricType::Counter: an untyped family of the sample's name, which both formats accept.
            $name .= '_total';
        } else {
            $lines[] = \sprintf('# TYPE %s %s', $name, $type->value);
        }
        if (isset($this->families[$name])) {
            throw new \LogicException(\sprintf('Repeated metric family name "%s".', $name));
        }
        if ('' !== $unit) {
            $lines[] = \sprintf('# UNIT %s %s', $name, $unit);
        }
        $lines[] = \sprintf('# HELP %s %s', $name, self::escape($help));
        $seen = [];
        foreach ($samples as $sample) {
            $labels = self::labels($sample['labels']);
            if (isset($seen[$labels])) {
                throw new \LogicException(\sprintf('Two samples of %s with the labels %s.', $name, $labels));
            }
            $seen[$labels] = true;
            $lines[] = $name.$labels.' '.self::number($sample['value']);
        }
        $this->families[$name] = $lines;

        return $this;
    }

    /**
     * The samples of a family of one sample.
     *
     * @param array<string, string> $labels
     *
     * @return list<array{labels: array<string, string>, value: int|float}>
     */
    public static function sample(array $labels, int|float $value): array
    {
        return [['labels' => $labels, 'value' => $value]];
    }

    /** The exposition: every family in the order added, then `# EOF`, each line ended by a line feed. */
    public function text(): string
    {
        $lines = [];
        foreach ($this->families as $family) {
            array_push($lines, ...$family);
        }
        $lines[] = '# EOF';

        return implode("\n", $lines)."\n";
    }

    /**
     * A label value or HELP text as OpenMetrics escapes it (backslash and double quote), once in DisplayString's
     * form: valid UTF-8 without control characters, so without the line feed the format escapes and those that
     * Prometheus' Python client would take for the end of a line (CR, VT, FF, NEL, LS and PS).
     */
    public static function escape(string $value): string
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
            $pairs[] = $name.'="'.self::escape($value).'"';
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
