<?php

declare(strict_types=1);

namespace Preheat\Tests\Unit\Bench\Result;

use PHPUnit\Framework\TestCase;
use Preheat\Bench\Result\MachineLoad;
use Preheat\Bench\Result\RunConditions;
use Preheat\Report\Json\BenchJson;

/** How busy the machine was over the runs, as shares of its capacity. */
final class MachineLoadTest extends TestCase
{
    public function testOtherProcessesAreWhatNeitherTheServerNorTheToolUsed(): void
    {
        // 2 s on 2 cores: 3 s busy, of which the server 2.2 s and the tool 0.3 s.
        $run = new RunConditions(2.0, 2, 3.0, 0.08, 2.2, 0.3, 1.9);

        self::assertSame(4.0, $run->capacitySeconds());
        self::assertEqualsWithDelta(0.5, (float) $run->otherSeconds(), 1e-9);
        self::assertSame(
            [
                'wallSeconds' => 2.0,
                'stealShare' => 0.02,
                'otherLoadShare' => 0.125,
                'serverCpuSeconds' => 2.2,
                'loadAverage' => 1.9,
                'neighbourCpuSeconds' => 0.0,
            ],
            BenchJson::runConditions($run),
        );
        self::assertNull(
            (new RunConditions(2.0, 2, 3.0, 0.0, null, 0.3, null))->otherSeconds(),
            'without the server CPU, other processes cannot be told apart',
        );
    }

    public function testScenariosLoadedAlongsideAreNotOtherProcesses(): void
    {
        // As above, while the other scenarios of the round used 0.4 s of the same capacity.
        $run = (new RunConditions(2.0, 2, 3.0, 0.08, 2.2, 0.3, 1.9))->besideNeighbours(0.4);

        self::assertEqualsWithDelta(0.1, (float) $run->otherSeconds(), 1e-9);
        self::assertSame(0.025, BenchJson::runConditions($run)['otherLoadShare']);
        self::assertSame(0.4, BenchJson::runConditions($run)['neighbourCpuSeconds']);
        self::assertSame(
            0.0,
            (new RunConditions(2.0, 2, 3.0, 0.0, 2.2, 0.3, null))->besideNeighbours(2.0)->otherSeconds(),
            'never below 0',
        );
    }

    public function testSharesOverRunsWeighEachRunByItsLength(): void
    {
        $load = MachineLoad::over(
            new RunConditions(2.0, 2, 3.0, 0.4, 2.0, 0.2, 1.0),  // 4 s capacity: 0.4 stolen, 0.8 other, 0.2 tool
            new RunConditions(6.0, 2, 6.0, 0.0, 5.0, 0.6, 2.0),  // 12 s capacity: 0 stolen, 0.4 other, 0.6 tool
        );

        self::assertNotNull($load);
        self::assertEqualsWithDelta(0.4 / 16, (float) $load->stealShare, 1e-9);
        self::assertEqualsWithDelta(1.2 / 16, (float) $load->otherShare, 1e-9);
        self::assertEqualsWithDelta(0.8 / 16, (float) $load->toolShare, 1e-9);
        self::assertNull($load->loadAverage);
        self::assertSame([1.0, 2.0, 3.0], $load->withLoadAverage([1.0, 2.0, 3.0])->loadAverage);
        self::assertNull(MachineLoad::over(), 'no run, nothing to say');
    }

    public function testARunWithoutTheToolsCpuLeavesOtherProcessesAndTheToolUnknown(): void
    {
        $load = MachineLoad::over(
            new RunConditions(2.0, 2, 3.0, 0.0, 2.0, 0.2, null),
            new RunConditions(2.0, 2, 3.0, 0.0, 2.0, null, null),
        );

        self::assertNull($load?->otherShare);
        self::assertNull($load?->toolShare);
        self::assertSame(0.0, $load?->stealShare);
    }
}
