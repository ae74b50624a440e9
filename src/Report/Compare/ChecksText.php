<?php

declare(strict_types=1);

namespace Preheat\Report\Compare;

use Preheat\Bench\Compare\Assertion\Assertion;
use Preheat\Bench\Compare\RunComparison;
use Preheat\Bench\Session\Checks;

/** The comparison with the earlier run and the assertions, in lines for the console and in markdown. */
final class ChecksText
{
    /** @return list<string> */
    public static function console(Checks $checks): array
    {
        $lines = [];
        if (null !== $checks->comparison) {
            $lines[] = self::comparedWith($checks->comparison);
            foreach (self::changes($checks->comparison) as [$name, $change]) {
                $lines[] = \sprintf('  %s: %s', $name, $change);
            }
            $lines[] = '';
        }
        if ([] !== $checks->assertions) {
            $lines[] = self::assertionsTitle($checks).':';
            foreach ($checks->assertions as $result) {
                $lines[] = '  '.$result->line();
            }
            $lines[] = '';
        }

        // Apart from the report above it.
        return [] === $lines ? [] : ['', ...$lines];
    }

    /** @return list<string> */
    public static function markdown(Checks $checks): array
    {
        $lines = [];
        if (null !== $checks->comparison) {
            array_push($lines, '## Compared with an earlier run', '', self::comparedWith($checks->comparison), '');
            $changes = self::changes($checks->comparison);
            if ([] !== $changes) {
                array_push($lines, '| scenario | change |', '|---|---|');
                foreach ($changes as [$name, $change]) {
                    $lines[] = \sprintf('| %s | %s |', $name, $change);
                }
                $lines[] = '';
            }
        }
        if ([] !== $checks->assertions) {
            array_push($lines, '## Assertions', '', self::assertionsTitle($checks).'.', '');
            foreach ($checks->assertions as $result) {
                // The expression as code: "*" and "[...]" are markdown of their own.
                $lines[] = \sprintf(
                    '- %s `%s`%s: %s',
                    $result->passed ? '✓' : '✗',
                    $result->assertion->text,
                    $result->assertion->everyScenario() && Assertion::EVERY !== $result->scenario
                        ? ' ('.$result->scenario.')'
                        : '',
                    $result->found,
                );
            }
            $lines[] = '';
        }

        return [] === $lines ? [] : ['', ...$lines];
    }

    private static function comparedWith(RunComparison $comparison): string
    {
        if (!$comparison->comparable()) {
            return \sprintf(
                'Not compared with %s: the runs differ in what a comparison needs (%s); no change is given.',
                $comparison->file,
                implode('; ', $comparison->differences),
            );
        }

        return \sprintf(
            'Compared with %s: each scenario\'s %s now over the earlier run\'s (a change above 0 is faster; 95%%'
            .' interval of the ratio of the two runs\' medians):',
            $comparison->file,
            $comparison->metric->label(),
        );
    }

    /** @return list<array{string, string}> scenario, its change in words */
    private static function changes(RunComparison $comparison): array
    {
        $rows = [];
        foreach ($comparison->changes as $change) {
            $estimate = $change->change;
            $rows[] = [$change->scenario, null === $estimate
                ? 'no change: '.($change->missing ?? 'not compared')
                : $estimate->describe().(null === $estimate->verdict() ? '' : ', '.$estimate->verdict()->value)];
        }

        return $rows;
    }

    private static function assertionsTitle(Checks $checks): string
    {
        return \sprintf(
            'Assertions, %d of %d held (%s)',
            \count(array_filter($checks->assertions, static fn ($r): bool => $r->passed)),
            \count($checks->assertions),
            $checks->strict
                ? 'strict: a gain or change holds only when its whole 95% interval is on the right side'
                : 'a gain or change fails only when its whole 95% interval is on the wrong side',
        );
    }
}
