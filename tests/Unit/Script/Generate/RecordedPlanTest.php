<?php

declare(strict_types=1);

namespace Preheat\Tests\Unit\Script\Generate;

use PHPUnit\Framework\TestCase;
use Preheat\Plan\DroppedClass;
use Preheat\Plan\DroppedFile;
use Preheat\Plan\DropReason;
use Preheat\Plan\Exclusion;
use Preheat\Plan\PlannedFile;
use Preheat\Plan\PreloadPlan;
use Preheat\Script\Generate\RecordedPlan;
use Preheat\Script\Write\PreloadScriptWriter;
use Preheat\Util\ValueObjectCodec;

/**
 * A plan kept in a reuse record comes back as it was, each exclusion shared by the file and the classes it was left
 * out with (the script's header tells them apart by it); a row not as it was written is no plan.
 */
final class RecordedPlanTest extends TestCase
{
    public function testThePlanComesBackWithItsExclusionsShared(): void
    {
        $refused = new Exclusion(DropReason::FailedVerification, 'PHP could not link it at start-up: Unknown parent X');
        $plan = new PreloadPlan(
            'paths',
            '/app',
            ['/app/src'],
            [new PlannedFile('/app/src/A.php', ['A'], ['a']), new PlannedFile('/app/src/E.php', [], [], 'required')],
            [
                '/app/src/B.php' => new DroppedFile('/app/src/B.php', $refused, ['B']),
                '/app/src/C.php' => new DroppedFile('/app/src/C.php', $refused, []),
            ],
            ['b' => new DroppedClass('B', '/app/src/B.php', $refused)],
            3,
        );
        // As ReuseStore keeps it: plain arrays, each object a copy of its own.
        $codec = new ValueObjectCodec([RecordedPlan::class, Exclusion::class, DropReason::class]);
        $copy = $codec->decode($codec->encode(RecordedPlan::of($plan)), RecordedPlan::class)->plan();

        self::assertEquals($plan, $copy);
        self::assertSame($copy->droppedFiles['/app/src/B.php']->exclusion, $copy->droppedClasses['b']->exclusion);
        $writer = new PreloadScriptWriter();
        self::assertSame($writer->render($plan, '/app/preload.php'), $writer->render($copy, '/app/preload.php'));
    }

    public function testARowNotAsWrittenIsNoPlan(): void
    {
        $badIndex = new RecordedPlan('paths', '/app', [], [], serialize([[], [['/app/src/B.php', 7, []]], []]), 1);
        $badFile = new RecordedPlan('paths', '/app', [], [], serialize([[['/app/src/A.php', ['A'], [1], null]], [], []]), 1);
        $object = new RecordedPlan('paths', '/app', [], [], serialize([[new \ArrayObject()], [], []]), 1);

        foreach ([$badIndex, $badFile, $object] as $recorded) {
            try {
                $recorded->plan();
                self::fail('a row not as written is no plan');
            } catch (\UnexpectedValueException) {
                $this->addToAssertionCount(1);
            }
        }
    }
}
