<?php

declare(strict_types=1);

namespace Preheat\Tests\Unit\Bench\Compare;

use PHPUnit\Framework\TestCase;
use Preheat\Bench\Compare\Assertion\AssertionError;
use Preheat\Bench\Compare\Assertion\AssertionEvaluator;
use Preheat\Bench\Compare\Assertion\AssertionParser;
use Preheat\Bench\Compare\Assertion\AssertionResult;
use Preheat\Bench\Compare\Estimate;
use Preheat\Bench\Compare\RecordedRun;
use Preheat\Bench\Compare\RecordedScenario;
use Preheat\Bench\Compare\RunComparison;
use Preheat\Bench\Compare\RunKind;
use Preheat\Bench\Compare\ScenarioChange;
use Preheat\Bench\Result\Metric;
use Preheat\Bench\Statistics\ConfidenceInterval;

/**
 * Assertions judged on a run: an estimate fails only when its whole interval is on the wrong side (strict: holds
 * only when the whole interval is on the right side), without an interval the estimate itself; the rest as read.
 */
final class AssertionEvaluatorTest extends TestCase
{
    public function testAGainFailsOnlyWhenItsWholeIntervalIsOnTheWrongSide(): void
    {
        // hot: +8 % (+6 % … +11 %).
        $run = self::recorded();

        self::assertSame(
            ['✓ hot.gain >= 10%: +8.0% (95% CI +6.0% … +11.0%)'],
            self::lines(['hot.gain >= 10%'], $run),
            'the interval reaches 10 %: not shown false',
        );
        self::assertSame(
            ['✗ hot.gain >= 12%: +8.0% (95% CI +6.0% … +11.0%), wholly below +12.0%'],
            self::lines(['hot.gain >= 12%'], $run),
        );
        self::assertSame(
            ['✗ hot.gain <= 5%: +8.0% (95% CI +6.0% … +11.0%), wholly above +5.0%'],
            self::lines(['hot.gain <= 5%'], $run),
        );
    }

    public function testStrictAGainHoldsOnlyWhenItsWholeIntervalIsOnTheRightSide(): void
    {
        $run = self::recorded();

        self::assertSame(
            ['✗ hot.gain >= 10%: +8.0% (95% CI +6.0% … +11.0%), not wholly >= +10.0% (strict)'],
            self::lines(['hot.gain >= 10%'], $run, strict: true),
        );
        self::assertSame(['✓ hot.gain >= 5%: +8.0% (95% CI +6.0% … +11.0%)'], self::lines(['hot.gain >= 5%'], $run, strict: true));
    }

    public function testWithoutAnIntervalTheEstimateIsJudgedAndTheLineSaysSo(): void
    {
        self::assertSame(
            ['✗ all.gain >= 10%: +4.0% (no interval: 2 paired round(s) are too few), the estimate judged'],
            self::lines(['all.gain >= 10%'], self::recorded()),
        );
    }

    public function testMemoryStartUpAndWarningsAreReadAsTheyAre(): void
    {
        $run = self::recorded();

        self::assertSame(['✓ hot.memory <= 8MB: 7.00 MB'], self::lines(['hot.memory <= 8MB'], $run));
        self::assertSame(['✗ hot.memory <= 6MB: 7.00 MB'], self::lines(['hot.memory <= 6MB'], $run));
        self::assertSame(['✓ hot.startup <= 0.5s: 0.15 s'], self::lines(['hot.startup <= 0.5s'], $run));
        self::assertSame(['✗ hot.startup < 100ms: 150 ms'], self::lines(['hot.startup < 100ms'], $run));
        self::assertSame(
            ['✓ *.warnings == 0 [none]: 0', '✓ *.warnings == 0 [hot]: 0', '✗ *.warnings == 0 [all]: 44'],
            self::lines(['*.warnings == 0'], $run),
        );
        self::assertSame(
            ['✓ *.gain > 0% [hot]: +8.0% (95% CI +6.0% … +11.0%)', '✓ *.gain > 0% [all]: +4.0% (no interval: 2 paired round(s) are too few), the estimate judged'],
            self::lines(['*.gain > 0%'], $run),
            'the baseline has no gain: * leaves it out',
        );
        self::assertSame(['✗ none.memory <= 1MB: memory was not reported'], self::lines(['none.memory <= 1MB'], $run));
    }

    public function testAnAssertionThatMatchesNoScenarioFailsAndSaysSo(): void
    {
        $alone = new RecordedRun(
            new RunKind(['/'], 'AMD EPYC', 2, '8.2.29', 'wrk', 8),
            'none',
            Metric::CpuPerRequest,
            [new RecordedScenario('none', 'none', true, warnings: 0)],
        );

        self::assertSame(
            ['✗ *.gain >= 500%: matches no scenario: * is every measured scenario but the baseline none, and this run measured no other (add a scenario to compare with none)'],
            self::lines(['*.gain >= 500%'], $alone),
        );
        self::assertFalse(AssertionEvaluator::allPassed((new AssertionEvaluator())->evaluate([(new AssertionParser())->parse('*.gain >= 500%')], $alone, null)));
    }

    public function testAChangeNeedsRunsThatCompare(): void
    {
        $run = self::recorded();
        $compared = new RunComparison('old.json', Metric::CpuPerRequest, [], [
            new ScenarioChange('hot', new Estimate(-0.15, new ConfidenceInterval(-0.18, -0.12, 0.95))),
            new ScenarioChange('all', null, 'not in the earlier run'),
        ]);
        $apart = new RunComparison('old.json', Metric::CpuPerRequest, ['PHP: 8.3.1 now, 8.2.29 in the earlier run'], []);

        self::assertSame(
            ['✗ hot.change >= -2%: -15.0% (95% CI -18.0% … -12.0%), wholly below -2.0%'],
            self::lines(['hot.change >= -2%'], $run, $compared),
        );
        self::assertSame(['✗ all.change >= -2%: no change: not in the earlier run'], self::lines(['all.change >= -2%'], $run, $compared));
        self::assertSame(
            ['✗ hot.change >= -2%: no change: the runs differ (PHP: 8.3.1 now, 8.2.29 in the earlier run)'],
            self::lines(['hot.change >= -2%'], $run, $apart),
        );
    }

    public function testAssertionsThatCannotApplyAreRefusedBeforeTheRun(): void
    {
        $evaluator = new AssertionEvaluator();
        $parse = static fn (string $text) => (new AssertionParser())->parse($text);
        $evaluator->check([$parse('hot.gain >= 1%'), $parse('*.warnings == 0')], ['none', 'hot'], 'none', false);

        $refused = [
            'hto.gain >= 1%' => 'Invalid assertion "hto.gain >= 1%": this run has no scenario named hto (its scenarios: none, hot); use one of them, or * for every one.',
            'none.gain >= 1%' => 'Invalid assertion "none.gain >= 1%": none is the baseline the gains are measured against: it has no gain of its own.',
            'hot.change >= -2%' => 'Invalid assertion "hot.change >= -2%": a change is measured against an earlier run: name the report.json it wrote, as in `preheat bench --baseline=REPORT.json`.',
        ];
        foreach ($refused as $text => $message) {
            try {
                $evaluator->check([$parse($text)], ['none', 'hot'], 'none', false);
                self::fail('accepted: '.$text);
            } catch (AssertionError $error) {
                self::assertSame($message, $error->getMessage());
            }
        }
    }

    /**
     * @param list<string> $expressions
     *
     * @return list<string>
     */
    private static function lines(array $expressions, RecordedRun $run, ?RunComparison $comparison = null, bool $strict = false): array
    {
        $parser = new AssertionParser();

        return array_map(
            static fn (AssertionResult $r): string => $r->line(),
            (new AssertionEvaluator($strict))->evaluate(array_map($parser->parse(...), $expressions), $run, $comparison),
        );
    }

    private static function recorded(): RecordedRun
    {
        return new RecordedRun(
            new RunKind(['/'], 'AMD EPYC', 2, '8.2.29', 'wrk', 8),
            'none',
            Metric::CpuPerRequest,
            [
                new RecordedScenario('none', 'none', true, warnings: 0, startSeconds: 0.05),
                new RecordedScenario('hot', 'hot', true, gain: new Estimate(0.08, new ConfidenceInterval(0.06, 0.11, 0.95)), preloadMemoryBytes: 7 * 1048576, startSeconds: 0.15, warnings: 0),
                new RecordedScenario('all', 'all', true, gain: new Estimate(0.04, null, '2 paired round(s) are too few'), preloadMemoryBytes: 31 * 1048576, startSeconds: 1.5, warnings: 44),
            ],
        );
    }
}
