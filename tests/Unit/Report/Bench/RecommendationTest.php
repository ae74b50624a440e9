<?php

declare(strict_types=1);

namespace Preheat\Tests\Unit\Report\Bench;

use PHPUnit\Framework\TestCase;
use Preheat\Bench\Statistics\Verdict;
use Preheat\Report\Bench\BenchReport;
use Preheat\Report\Bench\LadderRow;
use Preheat\Report\Bench\Recommendation;

/**
 * The recommendation over recorded rounds: two ladders of 24 rounds on CPU per request, in report.json as the bench
 * writes it, read back round by round. ladder-narrow-report.json reproduces a run of the demo's ladder (CPU per
 * request of each rung within a millisecond of it, the same verdicts) in which the autoloader
 * rung came out slower (not measurably), preloading what the pages use was not measurably faster than the baseline and could not
 * be told from preloading everything, which was: that run recommended a reference scenario and printed
 * "54.9 MB instead of 54.9 MB". In ladder-wide-report.json the intervals are too wide to tell preloading from
 * OPcache sizing alone.
 */
final class RecommendationTest extends TestCase
{
    private const FIXTURES = __DIR__.'/../../../Fixtures/recommendation/';

    public function testOfScenariosTheRunCannotTellApartTheLighterIsRecommended(): void
    {
        $report = RecordedReport::ladder(self::FIXTURES.'ladder-narrow-report.json');
        // The run as recorded: hot is measurably faster than the autoloader rung below it but not than the
        // baseline; all cannot be told from hot; all and the reference are measurably faster than the baseline.
        $rows = self::rows($report);
        self::assertSame(Verdict::Faster, $rows['4-preload-hot']->overBelow?->verdict());
        self::assertSame(Verdict::NoMeasurableDifference, $rows['4-preload-hot']->overBaseline?->verdict());
        self::assertSame(Verdict::NoMeasurableDifference, $rows['5-preload-all']->overBelow?->verdict());
        self::assertSame(Verdict::Faster, $rows['5-preload-all']->overBaseline?->verdict());

        $recommendation = Recommendation::of($report);

        self::assertSame('4-preload-hot', $recommendation->scenario);
        self::assertSame(
            'Use 4-preload-hot: +5.5% CPU per request (95% CI -0.4% … +11.3%) vs 1-baseline, no measurable gain of its'
            .' own, but the same within the interval as all-app-autoloader, 5-preload-all, of which all-app-autoloader'
            .' gains +12.5% CPU per request (95% CI +5.6% … +20.1%), at 10.6 MB instead of 54.9 MB of preload memory'
            .' and 2.31 s instead of 7.73 s start-up, 0 start-up warnings.',
            $recommendation->line,
        );
        self::assertNoSavingThatIsNone($recommendation->line);
        self::assertSame(
            ['scenario' => '4-preload-hot', 'line' => $recommendation->line],
            Written::json($report)['recommendation'],
        );
    }

    public function testWithIntervalsTooWideToTellPreloadingFromNoneTheRunCannotDecide(): void
    {
        $report = RecordedReport::ladder(self::FIXTURES.'ladder-wide-report.json');

        $recommendation = Recommendation::of($report);

        self::assertNull($recommendation->scenario);
        self::assertSame(
            'Cannot decide: all-app-autoloader gains +11.2% CPU per request (95% CI +3.4% … +22.5%) vs 1-baseline, but'
            .' the intervals are too wide to tell it from 2-opcache-sizing, which costs no preload memory and is no'
            .' measurably faster than 1-baseline; run more rounds, or on a quieter machine.',
            $recommendation->line,
        );
        self::assertStringNotContainsString('Use ', $recommendation->line);
    }

    /** Never "54.9 MB instead of 54.9 MB", nor a figure printed as a saving that is none. */
    private static function assertNoSavingThatIsNone(string $line): void
    {
        preg_match_all('/([\d.]+) (MB|s) instead of ([\d.]+) \2/', $line, $savings, \PREG_SET_ORDER);
        foreach ($savings as [$saving, $chosen, , $rival]) {
            self::assertLessThan((float) $rival, (float) $chosen, $saving);
        }
    }

    /** @return array<string, LadderRow> */
    private static function rows(BenchReport $report): array
    {
        self::assertNotNull($report->ladder);
        $rows = [];
        foreach ($report->ladder->rows as $row) {
            $rows[$row->rung->name()] = $row;
        }

        return $rows;
    }
}
