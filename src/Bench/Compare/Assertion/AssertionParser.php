<?php

declare(strict_types=1);

namespace Preheat\Bench\Compare\Assertion;

use Preheat\Util\EchoedValue;

/**
 * Reads an assertion (`preheat bench --assert=EXPR`):
 *
 *     assertion := scenario "." property operator number unit
 *     scenario  := a scenario's name | "*" (every measured scenario)
 *     property  := gain | change | memory | startup | warnings
 *     operator  := ">=" | "<=" | ">" | "<" | "=="
 *     unit      := "%" (gain, change) | B, KB, MB, GB (memory) | s, ms (startup) | none (warnings)
 *
 * with spaces allowed between the parts. A scenario's name may hold dots: the property is after the last one.
 * Anything else is an AssertionError that names the column where reading stopped and what was expected there.
 */
final class AssertionParser
{
    private const EXAMPLE = 'e.g. hot.gain >= 10%, hot.memory <= 8MB, hot.startup <= 0.5s, *.warnings == 0';

    /** @throws AssertionError */
    public function parse(string $expression): Assertion
    {
        $text = trim($expression);
        $at = 0;
        $name = self::match('/\G[A-Za-z0-9_.*-]+/', $text, $at);
        if (null === $name) {
            throw AssertionError::at($text, $at, 'expected a scenario and a property, '.self::EXAMPLE);
        }
        $dot = strrpos($name, '.');
        if (false === $dot) {
            throw AssertionError::at($text, \strlen($name), \sprintf(
                'expected ".PROPERTY" after the scenario (%s)',
                implode(', ', Property::names()),
            ));
        }
        $scenario = substr($name, 0, $dot);
        if (Assertion::EVERY !== $scenario && 1 !== preg_match('/^[A-Za-z0-9][A-Za-z0-9_.-]*$/', $scenario)) {
            throw AssertionError::at($text, 0, 'expected a scenario\'s name, or * for every scenario');
        }
        $propertyName = substr($name, $dot + 1);
        $property = Property::tryFrom(strtolower($propertyName));
        if (null === $property) {
            throw AssertionError::at($text, $dot + 1, \sprintf(
                '%s; one of %s',
                '' === $propertyName ? 'expected a property' : 'unknown property '.EchoedValue::of($propertyName),
                implode(', ', Property::names()),
            ));
        }
        self::spaces($text, $at);
        $operator = null;
        foreach (Operator::symbols() as $symbol) {
            if (substr($text, $at, \strlen($symbol)) === $symbol) {
                $operator = Operator::from($symbol);
                break;
            }
        }
        if (null === $operator) {
            throw AssertionError::at($text, $at, 'expected a comparison: '.implode(', ', Operator::symbols()));
        }
        $at += \strlen($operator->value);
        self::spaces($text, $at);
        $numberAt = $at;
        $number = self::match('/\G[+-]?(?:\d+(?:\.\d*)?|\.\d+)/', $text, $at);
        if (null === $number) {
            throw AssertionError::at($text, $at, 'expected a number');
        }
        self::spaces($text, $at);
        $unitAt = $at;
        $unit = (string) self::match('/\G[A-Za-z%]+/', $text, $at);
        $units = $property->units();
        $known = null;
        foreach ($units as $candidate => $factor) {
            if (strtolower($candidate) === strtolower($unit)) {
                $known = $candidate;
            }
        }
        if (null === $known) {
            $allowed = array_filter(array_keys($units), static fn (string $u): bool => '' !== $u);
            throw AssertionError::at($text, $unitAt, match (true) {
                [] === $allowed => \sprintf('%s is a count: no unit after the number', $property->value),
                '' === $unit => \sprintf(
                    'expected a unit after %s: %s',
                    EchoedValue::cut($number),
                    implode(', ', $allowed),
                ),
                default => \sprintf(
                    'unknown unit %s for %s; one of %s',
                    EchoedValue::of($unit),
                    $property->value,
                    implode(', ', $allowed),
                ),
            });
        }
        self::spaces($text, $at);
        if ($at < \strlen($text)) {
            throw AssertionError::at($text, $at, \sprintf(
                'unexpected %s after the value',
                EchoedValue::of(substr($text, $at)),
            ));
        }
        if (Property::Warnings === $property && 1 !== preg_match('/^[+-]?\d+$/', $number)) {
            throw AssertionError::at($text, $numberAt, 'warnings is a count: expected a whole number');
        }

        $threshold = (float) $number * $units[$known];
        if (!is_finite($threshold)) {
            // PHP reads a number beyond its floats as infinity, which every comparison would then judge.
            throw AssertionError::at($text, $numberAt, \sprintf(
                'the number (%d digits) is beyond what PHP\'s floats hold, so it would be read as infinity;'
                .' write a threshold %s can reach',
                \strlen(ltrim($number, '+-')),
                $property->value,
            ));
        }

        return new Assertion($text, $scenario, $property, $operator, $threshold, $known);
    }

    private static function match(string $pattern, string $text, int &$at): ?string
    {
        if (1 !== preg_match($pattern, $text, $match, 0, $at)) {
            return null;
        }
        $at += \strlen($match[0]);

        return $match[0];
    }

    private static function spaces(string $text, int &$at): void
    {
        while ($at < \strlen($text) && ctype_space($text[$at])) {
            ++$at;
        }
    }
}
