<?php

declare(strict_types=1);

namespace Preheat\Bench\Compare\Assertion;

use Preheat\Bench\Compare\Estimate;
use Preheat\Bench\Compare\RecordedRun;
use Preheat\Bench\Compare\RecordedScenario;
use Preheat\Bench\Compare\RunComparison;
use Preheat\Util\EchoedValue;

/**
 * Judges assertions on a run. A gain or a change is an estimate with an interval: by default an assertion on it
 * fails only when the whole interval lies on the wrong side of the threshold (the run shows it false; one it
 * cannot tell passes, as phpbench's tolerance does); strict, it passes only when the whole interval lies on the
 * right side (the run shows it true). Without an interval (too few rounds) the estimate itself is judged, and the
 * line says so. Memory, start-up and warnings are read as they are.
 */
final class AssertionEvaluator
{
    public function __construct(private readonly bool $strict = false)
    {
    }

    /**
     * Before any server starts: every assertion names a scenario of the run (or *), a gain is not asked of the
     * baseline, and a change has an earlier run to compare with.
     *
     * @param list<Assertion> $assertions
     * @param list<string>    $scenarios  the run's scenario names
     *
     * @throws AssertionError
     */
    public function check(array $assertions, array $scenarios, string $baseline, bool $hasBaselineReport): void
    {
        foreach ($assertions as $assertion) {
            if (!$assertion->everyScenario() && !\in_array($assertion->scenario, $scenarios, true)) {
                throw AssertionError::about($assertion->text, \sprintf(
                    'this run has no scenario named %s (its scenarios: %s); use one of them, or * for every one',
                    EchoedValue::cut($assertion->scenario),
                    implode(', ', $scenarios),
                ));
            }
            if (Property::Gain === $assertion->property && $assertion->scenario === $baseline) {
                throw AssertionError::about($assertion->text, \sprintf(
                    '%s is the baseline the gains are measured against: it has no gain of its own',
                    $baseline,
                ));
            }
            if (Property::Change === $assertion->property && !$hasBaselineReport) {
                throw AssertionError::about(
                    $assertion->text,
                    'a change is measured against an earlier run: name the report.json it wrote, as in'
                    .' `preheat bench --baseline=REPORT.json`',
                );
            }
        }
    }

    /**
     * @param list<Assertion> $assertions
     *
     * @return list<AssertionResult> one per assertion, one per scenario for *
     */
    public function evaluate(array $assertions, RecordedRun $run, ?RunComparison $comparison): array
    {
        $results = [];
        foreach ($assertions as $assertion) {
            $subjects = $this->subjects($assertion, $run);
            foreach ($subjects as $scenario) {
                $results[] = $this->judge($assertion, $scenario, $run, $comparison);
            }
            if ([] === $subjects) {
                // Judged on nothing, it would hold by default: a check that checked nothing is a failure.
                $results[] = new AssertionResult($assertion, $assertion->scenario, false, $this->unmatched(
                    $assertion,
                    $run,
                ));
            }
        }

        return $results;
    }

    /** @param list<AssertionResult> $results */
    public static function allPassed(array $results): bool
    {
        return [] === array_filter($results, static fn (AssertionResult $r): bool => !$r->passed);
    }

    /** @return list<RecordedScenario> */
    private function subjects(Assertion $assertion, RecordedRun $run): array
    {
        if (!$assertion->everyScenario()) {
            $scenario = $run->scenario($assertion->scenario);

            return null === $scenario ? [] : [$scenario];
        }

        return array_values(array_filter(
            $run->scenarios,
            static fn (RecordedScenario $s): bool => $s->measured
                && !(Property::Gain === $assertion->property && $s->name === $run->baseline),
        ));
    }

    /** Why an assertion applies to no scenario of the run. */
    private function unmatched(Assertion $assertion, RecordedRun $run): string
    {
        if (!$assertion->everyScenario()) {
            return \sprintf('matches no scenario: this run has no scenario %s', EchoedValue::cut($assertion->scenario));
        }
        $measured = array_map(
            static fn (RecordedScenario $s): string => $s->name,
            array_values(array_filter($run->scenarios, static fn (RecordedScenario $s): bool => $s->measured)),
        );

        return Property::Gain === $assertion->property && [] !== $measured
            ? \sprintf(
                'matches no scenario: * is every measured scenario but the baseline %s, and this run measured no'
                .' other (add a scenario to compare with %s)',
                $run->baseline,
                $run->baseline,
            )
            : 'matches no scenario: this run measured none';
    }

    private function judge(
        Assertion $assertion,
        RecordedScenario $scenario,
        RecordedRun $run,
        ?RunComparison $comparison,
    ): AssertionResult {
        $fail = static fn (string $why): AssertionResult => new AssertionResult(
            $assertion,
            $scenario->name,
            false,
            $why,
        );
        if (!$scenario->measured) {
            return $fail('not measured in this run');
        }

        switch ($assertion->property) {
            case Property::Gain:
                return null === $scenario->gain
                    ? $fail(\sprintf('no gain over %s (no round measured on both)', $run->baseline))
                    : $this->estimate($assertion, $scenario->name, $scenario->gain);
            case Property::Change:
                if (null === $comparison) {
                    return $fail('no earlier run to compare with');
                }
                if (!$comparison->comparable()) {
                    return $fail('no change: the runs differ ('.implode('; ', $comparison->differences).')');
                }
                $change = $comparison->change($scenario->name);
                if (null === $change?->change) {
                    return $fail('no change: '.($change->missing ?? 'not compared'));
                }

                return $this->estimate($assertion, $scenario->name, $change->change);
            case Property::Memory:
                $value = $scenario->preloadMemoryBytes;
                $found = null === $value ? null : self::bytes($value, $assertion->unit);
                break;
            case Property::Startup:
                $value = $scenario->startSeconds;
                $found = null === $value
                    ? null
                    : ('ms' === $assertion->unit ? \sprintf('%.0f ms', $value * 1000) : \sprintf('%.2f s', $value));
                break;
            case Property::Warnings:
                $value = $scenario->warnings;
                $found = null === $value ? null : (string) $value;
                break;
        }
        if (null === $value || null === $found) {
            return $fail(\sprintf('%s was not reported', $assertion->property->value));
        }

        return new AssertionResult(
            $assertion,
            $scenario->name,
            $assertion->operator->holds((float) $value, $assertion->threshold),
            $found,
        );
    }

    private function estimate(Assertion $assertion, string $scenario, Estimate $estimate): AssertionResult
    {
        $operator = $assertion->operator;
        $interval = $estimate->interval;
        if (null === $interval) {
            $passed = $operator->holds($estimate->value, $assertion->threshold);

            return new AssertionResult($assertion, $scenario, $passed, $estimate->describe().', the estimate judged');
        }
        $passed = $this->strict
            ? $operator->holdsForAll($interval, $assertion->threshold)
            : $operator->holdsForSome($interval, $assertion->threshold);
        $threshold = Estimate::percent($assertion->threshold);
        $why = match (true) {
            $passed => '',
            $this->strict => \sprintf(', not wholly %s %s (strict)', $operator->value, $threshold),
            default => \sprintf(', wholly %s %s', $operator->wrongSide(), $threshold),
        };

        return new AssertionResult($assertion, $scenario, $passed, $estimate->describe().$why);
    }

    /** Bytes in the unit the threshold was written in: "7.0 MB", "8,640 B". */
    private static function bytes(int $bytes, string $unit): string
    {
        $factor = Property::Memory->units()[$unit] ?? 1.0;

        return 'B' === $unit
            ? number_format($bytes).' B'
            : \sprintf('%s %s', number_format($bytes / $factor, $bytes / $factor < 10 ? 2 : 1), $unit);
    }
}
