<?php

declare(strict_types=1);

namespace Preheat\Tests\Unit\Plan\Strategy;

use PHPUnit\Framework\TestCase;
use Preheat\Plan\Strategy\HotKnee;
use Preheat\Plan\Strategy\MemoryEstimate;

/** The automatic budget's knee on the demo's recorded counts, and on the same counts with a rare tail added. */
final class HotKneeTest extends TestCase
{
    public function testOnTheDemosRecordedCountsEveryFileItsPagesLoadPaysItsWay(): void
    {
        [$counts, $bytes, $requests] = self::demo();

        $knee = HotKnee::of($counts, $requests, $bytes);

        // The 327 files all 100 requests loaded are the floor; the dearest of them per load, Carbon's interface
        // (433 KB of source, mostly doc comments), sets the price.
        self::assertCount(327, $knee->floor);
        self::assertEqualsWithDelta(HotKnee::perMb(100, $bytes['vendor/nesbot/carbon/src/Carbon/CarbonInterface.php']), $knee->loadsPerMb, 1e-9);
        self::assertEqualsWithDelta(78.8, $knee->loadsPerMb, 0.1);
        $past = array_diff_key($counts, $knee->floor);
        self::assertCount(334, $past, 'the files only some of the four pages load');
        foreach ($past as $path => $count) {
            self::assertTrue($knee->pays($count, $bytes[$path]), $path.' is loaded by a page often enough for its size');
        }
    }

    public function testARareTailIsCutWhereItBringsLessThanTheFloorsPrice(): void
    {
        [$counts, $bytes, $requests] = self::demo();
        $knee = HotKnee::of($counts + ['app/Admin/Report.php' => 1, 'app/Admin/Flag.php' => 1], $requests, $bytes + [
            'app/Admin/Report.php' => 60_000, // one request in a hundred, 60 KB of preload memory: 17 loads per MB
            'app/Admin/Flag.php' => 3_000, // as rare, 3 KB: 350 loads per MB, cheaper than the floor's dearest
        ]);

        self::assertFalse($knee->pays(1, 60_000));
        self::assertTrue($knee->pays(1, 3_000));
        self::assertFalse($knee->inFloor('app/Admin/Report.php'));
        self::assertTrue($knee->inFloor('vendor/nesbot/carbon/src/Carbon/CarbonInterface.php'), 'the floor is taken whatever its price');
    }

    public function testWithoutTheFrontControllerAmongThemTheBusiestFilesAreTheFloor(): void
    {
        $knee = HotKnee::of(['a.php' => 50, 'b.php' => 50, 'c.php' => 10], 100, ['a.php' => 1048576, 'b.php' => 2097152, 'c.php' => 100]);

        self::assertSame(['a.php' => 50, 'b.php' => 50], $knee->floor);
        self::assertSame(25.0, $knee->loadsPerMb);
        self::assertTrue($knee->pays(10, 100));
    }

    public function testWithNoCandidateNothingIsPriced(): void
    {
        $knee = HotKnee::of([], 100, []);

        self::assertNull($knee->loadsPerMb);
        self::assertTrue($knee->pays(1, 1_000_000));
    }

    /** @return array{array<string, int>, array<string, int>, int} counts, estimated bytes, requests */
    private static function demo(): array
    {
        $recorded = json_decode((string) file_get_contents(__DIR__.'/../../../Fixtures/usage/demo-recorded-counts.json'), true, 512, \JSON_THROW_ON_ERROR);
        $estimate = new MemoryEstimate();
        $counts = [];
        $bytes = [];
        foreach ($recorded['files'] as $path => [$count, $sourceBytes]) {
            $counts[$path] = $count;
            $bytes[$path] = (int) ceil($sourceBytes * $estimate->bytesPerSourceByte);
        }

        return [$counts, $bytes, $recorded['requests']];
    }
}
