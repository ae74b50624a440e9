<?php

declare(strict_types=1);

namespace Preheat\Tests\Unit\Bench\Event;

use PHPUnit\Framework\TestCase;
use Preheat\Bench\Event\IntervalsOutOfReach;
use Preheat\Bench\Event\PagesChecked;
use Preheat\Bench\Event\RoundFinished;
use Preheat\Bench\Event\RoundsStopped;
use Preheat\Bench\Event\ScenarioNotMeasured;
use Preheat\Bench\Event\ScenarioStarted;
use Preheat\Bench\Event\WorkersNotSpread;
use Preheat\Bench\Result\Metric;
use Preheat\Bench\Rounds\RoundsOutcome;
use Preheat\Bench\Rounds\StoppingRule;
use Preheat\Bench\Rounds\StopReason;
use Preheat\Bench\Statistics\ConfidenceInterval;
use Preheat\Bench\Statistics\PairedComparison;
use Preheat\Bench\Statistics\PairedEstimator;
use Preheat\Progress\Outcome;

/** What the bench's progress events say, and how each ended: the lines of stderr, word for word. */
final class BenchEventsTest extends TestCase
{
    public function testARoundSaysTheWidestIntervalOrWhichGainHasNoneYet(): void
    {
        $rule = new StoppingRule(3, 2.0, 240.0);
        $narrow = self::gain(1.30, 1.34);
        $wide = self::gain(1.10, 1.16);

        self::assertSame(
            'Round 4 done (1 min 2.5 s measured, 2 min 57.5 s of 4 min left): widest 95% interval ±3.0 points (hot vs'
            .' none); target ±2',
            (new RoundFinished(4, 62.5, $rule, ['all' => $narrow, 'hot' => $wide], 'none'))->summary(),
        );
        self::assertSame(
            'Round 1 done (2 s measured, 3 min 58 s of 4 min left): hot vs none has no interval yet (it needs 3 paired'
            .' rounds); target ±2',
            (new RoundFinished(1, 2.0, $rule, ['all' => $narrow, 'hot' => null], 'none'))->summary(),
        );
        // With restarts the intervals are taken over the server starts, not the rounds: 8 rounds are 2 starts (and
        // all's interval, over rounds, is not one of them).
        self::assertSame(
            'Round 8 done (16 s measured, 3 min 44 s of 4 min left): all vs none has no interval over server starts'
            .' yet (it needs 3 server starts, one every 4 rounds: 2 so far, the 3rd from round 9); target ±2',
            (new RoundFinished(8, 16.0, $rule, ['all' => $narrow, 'hot' => null], 'none', 4))->summary(),
        );
    }

    public function testARoundSaysHowMuchOfTheTimeLimitIsLeftOrThatThereIsNone(): void
    {
        $gain = ['all' => self::gain(1.10, 1.16)];

        self::assertStringStartsWith(
            'Round 4 done (1 min 48 s measured, 2 min 12 s of 4 min left): ',
            (new RoundFinished(4, 108.0, new StoppingRule(3, 2.0, 240.0), $gain, 'none'))->summary(),
        );
        // The minimum rounds run even past the limit: the line says by how much.
        self::assertStringStartsWith(
            'Round 3 done (1 min 10 s measured, 10 s over the 1 min limit): ',
            (new RoundFinished(3, 70.0, new StoppingRule(3, 2.0, 60.0), $gain, 'none'))->summary(),
        );
        self::assertStringStartsWith(
            'Round 2 done (4.2 s measured, 2 of 3 rounds, no time limit for more): ',
            (new RoundFinished(2, 4.2, new StoppingRule(3, 2.0, 0.0), $gain, 'none'))->summary(),
        );
    }

    public function testWithRestartsAnIntervalOverTheRoundsOfOneStartIsNotShownSoNothingVanishesAtTheFirstRestart(): void
    {
        $rule = new StoppingRule(3, 2.0, 240.0, acrossRestarts: true);
        // Round 3: a bootstrap interval over the first start's 3 rounds (±16.6 on the demo), which the first
        // restart would take away again (2 starts have no interval): the line waits for the starts from the start.
        $overRounds = new PairedComparison([1 => 1.1, 2 => 1.3, 3 => 1.4], 1.3, new ConfidenceInterval(0.134, 0.466, 0.95), [], PairedEstimator::Median);
        $twoStarts = new PairedComparison([1 => 1.1, 2 => 1.3, 3 => 1.4, 4 => 1.2, 5 => 1.3], 1.3, null, [], PairedEstimator::RestartsMedian);
        $threeStarts = new PairedComparison([1 => 1.1, 5 => 1.3, 9 => 1.4], 1.3, new ConfidenceInterval(0.2, 0.4, 0.95), [], PairedEstimator::RestartsMedian);

        self::assertSame(
            'Round 3 done (6 s measured, 3 min 54 s of 4 min left): all vs none has no interval over server starts yet'
            .' (it needs 3 server starts, one every 4 rounds: 1 so far, the 3rd from round 9); target ±2',
            (new RoundFinished(3, 6.0, $rule, ['all' => $overRounds], 'none', 4))->summary(),
        );
        self::assertStringContainsString(
            'all vs none has no interval over server starts yet (it needs 3 server starts, one every 4 rounds: 2 so far',
            (new RoundFinished(5, 10.0, $rule, ['all' => $twoStarts], 'none', 4))->summary(),
        );
        self::assertStringContainsString(
            'widest 95% interval ±10.0 points (all vs none, over 3 server starts)',
            (new RoundFinished(9, 18.0, $rule, ['all' => $threeStarts], 'none', 4))->summary(),
        );
    }

    public function testRoundsThatCannotReachAnIntervalOverTheStartsSaySoBeforeTheyBegin(): void
    {
        $threeRounds = IntervalsOutOfReach::of(new StoppingRule(3, 2.0, 0.0), 4);
        self::assertNotNull($threeRounds);
        self::assertSame(Outcome::Warning, $threeRounds->outcome());
        self::assertSame(
            'With no time limit for more rounds the bench runs exactly 3 round(s), 1 server start(s): the gains\''
            .' intervals will be over the rounds of one start, which do not see how servers started anew differ, not'
            .' over server starts (it needs 3 server starts, one every 4 rounds: 9 rounds or more, or a restart every 1'
            .' round(s))',
            $threeRounds->summary(),
        );
        self::assertStringContainsString(
            '6 round(s), 2 server start(s): no gain will get an interval (it needs 3 server starts, one every 4 rounds:'
            .' 9 rounds or more, or a restart every 2 round(s))',
            (string) IntervalsOutOfReach::of(new StoppingRule(6, 2.0, 0.0), 4)?->summary(),
        );
        self::assertNull(IntervalsOutOfReach::of(new StoppingRule(9, 2.0, 0.0), 4), '9 rounds are 3 starts');
        self::assertNull(IntervalsOutOfReach::of(new StoppingRule(3, 2.0, 240.0), 4), 'time for more rounds');
        self::assertNull(IntervalsOutOfReach::of(new StoppingRule(3, 2.0, 0.0), 0), 'no restarts');
    }

    public function testRoundsStoppedWithoutTimeForMoreSayTheGainsAreOverOneStart(): void
    {
        $rule = new StoppingRule(3, 2.0, 0.0, acrossRestarts: true);
        $outcome = new RoundsOutcome($rule, 3, 6.2, StopReason::TimeLimit, Metric::CpuPerRequest);
        $overRounds = new PairedComparison([1 => 1.1, 2 => 1.3, 3 => 1.4], 1.3, new ConfidenceInterval(0.134, 0.466, 0.95), [], PairedEstimator::Median);

        self::assertSame(
            'Measured 3 round(s) of 2 scenario(s) in 6.2 s: the 3 round(s) asked for, no time limit for more; ±2 points not'
            .' reached by all (±16.6 over the rounds of one server start), hot (no interval: it needs 3 server starts)',
            (new RoundsStopped($outcome, 2, ['all' => $overRounds, 'hot' => null]))->summary(),
        );
    }

    public function testTheRoundsStoppedAtTheTimeLimitNameTheGainsThatMissedTheTarget(): void
    {
        $rule = new StoppingRule(3, 1.5, 30.0);
        $outcome = new RoundsOutcome($rule, 12, 28.6, StopReason::TimeLimit, Metric::CpuPerRequest);

        $stopped = new RoundsStopped($outcome, 3, ['all' => self::gain(1.30, 1.34), 'hot' => null]);

        self::assertSame(
            'Measured 12 round(s) of 3 scenario(s) in 28.6 s: time limit 30 s; ±1.5 points not reached by all (±2.0), '
            .'hot (no interval)',
            $stopped->summary(),
        );
        self::assertSame(Outcome::Done, $stopped->outcome());
    }

    public function testAFailureIsNeverDone(): void
    {
        self::assertSame(Outcome::Failed, ScenarioNotMeasured::notStarted('all')->outcome());
        self::assertSame('Scenario all not measured: it did not start', ScenarioNotMeasured::notStarted('all')->summary());
        self::assertSame(Outcome::Failed, ScenarioNotMeasured::broken('hot', 'PHP refused it')->outcome());
        self::assertSame('Scenario hot not measured: PHP refused it', ScenarioNotMeasured::broken('hot', 'PHP refused it')->summary());
        self::assertSame(Outcome::Skipped, ScenarioNotMeasured::skipped('ceiling', 'not measured: no worker')->outcome());
        self::assertSame(Outcome::Warning, (new PagesChecked(2, 1, 0))->outcome());
        self::assertSame(Outcome::Done, (new PagesChecked(3, 0, 1, ['/: 1 part(s) masked']))->outcome());
        self::assertSame(
            'Pages checked: 3 scenario(s) serve them correctly, 1 not measured (see why); /: 1 part(s) masked',
            (new PagesChecked(3, 0, 1, ['/: 1 part(s) masked']))->summary(),
        );
        self::assertSame(Outcome::Warning, (new WorkersNotSpread('all', 'EPERM'))->outcome());
        self::assertSame(
            'Scenario all: generate --strategy=paths: 9 files; PHP up in 1.32 s on 127.0.0.1:40147',
            (new ScenarioStarted('all', 'generate --strategy=paths: 9 files', 1.3249, 'http://127.0.0.1:40147'))->summary(),
        );
    }

    private static function gain(float $low, float $high): PairedComparison
    {
        return new PairedComparison([1 => ($low + $high) / 2], ($low + $high) / 2, new ConfidenceInterval($low, $high, 0.95), []);
    }
}
