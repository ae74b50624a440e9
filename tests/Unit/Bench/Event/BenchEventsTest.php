<?php

declare(strict_types=1);

namespace Preheat\Tests\Unit\Bench\Event;

use PHPUnit\Framework\TestCase;
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
            'Round 4 done (1 min 2.5 s measured): widest 95% interval ±3.0 points (hot vs none); target ±2',
            (new RoundFinished(4, 62.5, $rule, ['all' => $narrow, 'hot' => $wide], 'none'))->summary(),
        );
        self::assertSame(
            'Round 1 done (2 s measured): hot vs none has no interval yet (it needs 3 paired rounds); target ±2',
            (new RoundFinished(1, 2.0, $rule, ['all' => $narrow, 'hot' => null], 'none'))->summary(),
        );
        // With restarts the intervals are taken over the server starts, not the rounds: 8 rounds are 2 starts.
        self::assertSame(
            'Round 8 done (16 s measured): hot vs none has no interval yet (it needs 3 server starts, one every 4'
            .' rounds); target ±2',
            (new RoundFinished(8, 16.0, $rule, ['all' => $narrow, 'hot' => null], 'none', 4))->summary(),
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
