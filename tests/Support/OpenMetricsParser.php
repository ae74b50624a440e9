<?php

declare(strict_types=1);

namespace Preheat\Tests\Support;

/**
 * A strict parser of the OpenMetrics 1.0 text format, for tests: the registry has no Composer package that
 * parses it, so this follows the specification's ABNF (metric and label names, label syntax and escaping,
 * numbers, `# EOF` once and last) and its rules on families (TYPE, UNIT, HELP at most once each, in that order,
 * before the family's samples; families and label sets never repeated, i.e. not interleaved; a sample's name
 * is its family's, plus _total for a counter; a unit ends its family's name). Stricter than the ABNF where a
 * Prometheus text format 0.0.4 parser (node_exporter's textfile collector) would refuse what OpenMetrics
 * allows: escapes other than \\, \" and \n, a \" in HELP, a type 0.0.4 does not know.
 *
 * parse() returns the families with their samples' labels unescaped, or throws \UnexpectedValueException
 * naming the line and what is wrong.
 */
final class OpenMetricsParser
{
    private const METRIC_NAME = '[a-zA-Z_:][a-zA-Z0-9_:]*';
    private const LABEL_NAME = '[a-zA-Z_][a-zA-Z0-9_]*';
    /** realnumber of the ABNF, or inf/infinity/nan in any case. */
    private const NUMBER = '/^(?:[+-]?(?:\d+(?:\.\d*)?(?:[eE][+-]?\d+)?|\d*\.\d+(?:[eE][+-]?\d+)?)'
        .'|[+-]?(?i:inf|infinity)|(?i:nan))$/';
    /** Types both OpenMetrics and Prometheus text format 0.0.4 know (0.0.4 has no stateset, info, ...). */
    private const TYPES = ['counter', 'gauge', 'histogram', 'summary', 'unknown'];

    /**
     * @return array<string, array{type: string, unit: string, help: string,
     *                             samples: list<array{name: string, labels: array<string, string>, value: string}>}>
     */
    public static function parse(string $text): array
    {
        if (1 !== preg_match('//u', $text)) {
            throw new \UnexpectedValueException('the exposition is not valid UTF-8');
        }
        // Prometheus' Python client splits lines as Python's str.splitlines() does, at these as at a line feed.
        if (1 === preg_match('/[\r\x0B\x0C\x1C-\x1E\x{85}\x{2028}\x{2029}]/u', $text)) {
            throw new \UnexpectedValueException('the exposition holds a character that ends a line for Python (CR, VT, FF, NEL, LS)');
        }
        if (!str_ends_with($text, "# EOF\n") && !str_ends_with($text, '# EOF')) {
            throw new \UnexpectedValueException('the exposition does not end with "# EOF"');
        }
        $lines = explode("\n", $text);
        if ('' === end($lines)) {
            array_pop($lines);
        }
        $eof = array_pop($lines);
        if ('# EOF' !== $eof) {
            throw new \UnexpectedValueException('the last line is not "# EOF"');
        }
        /** @var array<string, array{type: string, unit: string, help: string, samples: list<array{name: string, labels: array<string, string>, value: string}>}> $families */
        $families = [];
        /** @var array<string, list<string>> $metadata the metadata lines each family had, in order */
        $metadata = [];
        $current = null;
        /** @var array<string, true> $labelSets */
        $labelSets = [];
        foreach ($lines as $index => $line) {
            $at = 'line '.($index + 1).' ('.$line.')';
            if ('' === $line) {
                throw new \UnexpectedValueException($at.': blank line');
            }
            if (str_starts_with($line, '#')) {
                if (1 !== preg_match('/^# (TYPE|UNIT|HELP) ('.self::METRIC_NAME.')(?: (.*))?$/s', $line, $m)) {
                    throw new \UnexpectedValueException($at.': a # line other than TYPE, UNIT, HELP or the final EOF');
                }
                [, $kind, $name] = $m;
                $value = $m[3] ?? '';
                if ($name !== $current) {
                    if (isset($families[$name])) {
                        throw new \UnexpectedValueException($at.': family '.$name.' is interleaved or repeated');
                    }
                    $current = $name;
                    $families[$name] = ['type' => 'unknown', 'unit' => '', 'help' => '', 'samples' => []];
                    $metadata[$name] = [];
                    $labelSets = [];
                }
                if ([] !== $families[$name]['samples']) {
                    throw new \UnexpectedValueException($at.': metadata after the family\'s samples');
                }
                $order = ['TYPE' => 0, 'UNIT' => 1, 'HELP' => 2];
                foreach ($metadata[$name] as $seen) {
                    if ($order[$seen] >= $order[$kind]) {
                        throw new \UnexpectedValueException($at.': '.$kind.' repeated or after '.$seen);
                    }
                }
                $metadata[$name][] = $kind;
                if ('TYPE' === $kind) {
                    if (!\in_array($value, self::TYPES, true)) {
                        throw new \UnexpectedValueException($at.': unknown type "'.$value.'"');
                    }
                    $families[$name]['type'] = $value;
                } elseif ('UNIT' === $kind) {
                    if (1 !== preg_match('/^[a-zA-Z0-9_:]*$/', $value)) {
                        throw new \UnexpectedValueException($at.': a unit is metric-name characters');
                    }
                    if ('' !== $value && !str_ends_with($name, '_'.$value)) {
                        throw new \UnexpectedValueException($at.': the unit must end the family\'s name');
                    }
                    $families[$name]['unit'] = $value;
                } else {
                    if (str_contains($value, '"')) {
                        throw new \UnexpectedValueException($at.': a double quote in HELP (0.0.4 refuses \\")');
                    }
                    $families[$name]['help'] = self::unescape($value, $at);
                }
                continue;
            }
            if (1 !== preg_match('/^('.self::METRIC_NAME.')(\{.*\})? (\S+)(?: (\S+))?$/s', $line, $m)) {
                throw new \UnexpectedValueException($at.': not a sample: NAME{LABELS} VALUE');
            }
            $name = $m[1];
            $labels = self::labels($m[2], $at);
            $value = $m[3];
            if (1 !== preg_match(self::NUMBER, $value)) {
                throw new \UnexpectedValueException($at.': "'.$value.'" is not a number');
            }
            if (isset($m[4]) && 1 !== preg_match(self::NUMBER, $m[4])) {
                throw new \UnexpectedValueException($at.': the timestamp is not a number');
            }
            if (null === $current || !self::belongs($name, $current, $families[$current]['type'])) {
                // A sample of no family announced: a family of type unknown (untyped), of the sample's name.
                if (isset($families[$name])) {
                    throw new \UnexpectedValueException($at.': family '.$name.' is interleaved or repeated');
                }
                $current = $name;
                $families[$name] = ['type' => 'unknown', 'unit' => '', 'help' => '', 'samples' => []];
                $labelSets = [];
            }
            $key = $name.serialize($labels);
            if (isset($labelSets[$key])) {
                throw new \UnexpectedValueException($at.': the same labels twice in one family');
            }
            $labelSets[$key] = true;
            $family = $families[$current];
            $family['samples'][] = ['name' => $name, 'labels' => $labels, 'value' => $value];
            $families[$current] = $family;
        }

        return $families;
    }

    /** Whether $sample is a sample of family $current (else it starts another). */
    private static function belongs(string $sample, string $current, string $type): bool
    {
        $names = match ($type) {
            'counter' => [$current.'_total', $current.'_created'],
            'histogram' => [$current.'_bucket', $current.'_count', $current.'_sum', $current.'_created'],
            'summary' => [$current, $current.'_count', $current.'_sum', $current.'_created'],
            default => [$current],
        };

        return \in_array($sample, $names, true);
    }

    /** @return array<string, string> */
    private static function labels(string $text, string $at): array
    {
        if ('' === $text) {
            return [];
        }
        $labels = [];
        $body = substr($text, 1, -1);
        $offset = 0;
        $length = \strlen($body);
        while ($offset < $length) {
            if (1 !== preg_match('/\G('.self::LABEL_NAME.')="((?:[^"\\\\\n]|\\\\.)*)"(,|$)/s', $body, $m, 0, $offset)) {
                throw new \UnexpectedValueException($at.': bad label syntax at "'.substr($body, $offset, 40).'"');
            }
            if (isset($labels[$m[1]])) {
                throw new \UnexpectedValueException($at.': label '.$m[1].' twice');
            }
            if (str_starts_with($m[1], '__')) {
                throw new \UnexpectedValueException($at.': label names starting with __ are reserved');
            }
            $labels[$m[1]] = self::unescape($m[2], $at);
            $offset += \strlen($m[0]);
            if (',' === $m[3] && $offset === $length) {
                throw new \UnexpectedValueException($at.': a trailing comma');
            }
        }

        return $labels;
    }

    /** An escaped-string's value: only \\, \" and \n, which both OpenMetrics and 0.0.4 define. */
    private static function unescape(string $escaped, string $at): string
    {
        if (1 !== preg_match('/^(?:[^\\\\"\n]|\\\\[\\\\"n])*$/s', $escaped)) {
            throw new \UnexpectedValueException($at.': a raw double quote, or an escape other than \\\\, \\" or \\n');
        }

        return (string) preg_replace_callback(
            '/\\\\([\\\\"n])/',
            static fn (array $m): string => 'n' === $m[1] ? "\n" : $m[1],
            $escaped,
        );
    }
}
