<?php

declare(strict_types=1);

namespace Preheat\Report\Compare;

use Preheat\Bench\Compare\Assertion\AssertionResult;
use Preheat\Bench\Compare\Estimate;
use Preheat\Bench\Compare\ScenarioChange;
use Preheat\Bench\Session\Checks;

/** report.json's `comparison` and `assertions` (doc/bench-report.md), present only when asked for. */
final class ChecksJson
{
    /** @return array<string, mixed> */
    public static function keys(Checks $checks): array
    {
        $keys = [];
        $comparison = $checks->comparison;
        if (null !== $comparison) {
            $keys['comparison'] = [
                'file' => $comparison->file,
                'metric' => $comparison->metric->value,
                'comparable' => $comparison->comparable(),
                'differences' => $comparison->differences,
                'scenarios' => array_map(static fn (ScenarioChange $c): array => [
                    'name' => $c->scenario,
                    'change' => null === $c->change ? null : self::estimate($c->change),
                    'missing' => $c->missing,
                ], $comparison->changes),
            ];
        }
        if ([] !== $checks->assertions) {
            $keys['assertions'] = [
                'strict' => $checks->strict,
                'passed' => $checks->passed(),
                'results' => array_map(static fn (AssertionResult $r): array => [
                    'expression' => $r->assertion->text,
                    'scenario' => $r->scenario,
                    'property' => $r->assertion->property->value,
                    'operator' => $r->assertion->operator->value,
                    'threshold' => $r->assertion->threshold,
                    'passed' => $r->passed,
                    'found' => $r->found,
                ], $checks->assertions),
            ];
        }

        return $keys;
    }

    /** @return array<string, mixed> */
    private static function estimate(Estimate $estimate): array
    {
        return [
            'estimate' => round($estimate->value, 5),
            'ciLow' => null === $estimate->interval ? null : round($estimate->interval->low, 5),
            'ciHigh' => null === $estimate->interval ? null : round($estimate->interval->high, 5),
            'level' => $estimate->interval?->level,
            'noInterval' => $estimate->noInterval,
            'verdict' => $estimate->verdict()?->value,
        ];
    }
}
