<?php

declare(strict_types=1);

namespace Preheat\Tests\Unit\Plan\Pass;

use PHPUnit\Framework\TestCase;
use Preheat\Plan\DropReason;
use Preheat\Plan\ForcedDrop;
use Preheat\Plan\ForcedDrops;
use Preheat\Plan\IgnoreRule;
use Preheat\Plan\PlanOptions;

/** The first pass alone: files dropped for reasons of their own, before what they need is looked at. */
final class ScreeningTest extends TestCase
{
    public function testEachFileIsEligibleOrDroppedForItsOwnReason(): void
    {
        $state = PlanStates::screened([
            'A.php' => 'namespace N; class A extends Missing {}',
            'effects.php' => 'namespace N; echo "hi"; class E {}',
            'empty.php' => '$x = 1;',
            'polyfill.php' => 'function strlen($s) {}',
            'twice1.php' => 'function twice() {}',
            'twice2.php' => 'function twice() {}',
        ]);

        self::assertSame(['/app/A.php'], array_keys($state->eligible), 'what it needs is not screening\'s concern');
        self::assertSame(['n\a' => '/app/A.php'], $state->providers);
        self::assertSame(['n\a'], array_keys($state->declarations));
        self::assertSame([
            '/app/effects.php' => DropReason::SideEffects,
            '/app/empty.php' => DropReason::NothingToPreload,
            '/app/polyfill.php' => DropReason::BuiltinName,
            '/app/twice1.php' => DropReason::DuplicateFunction,
            '/app/twice2.php' => DropReason::DuplicateFunction,
        ], array_map(static fn ($dropped): DropReason => $dropped->exclusion->reason, $state->droppedFiles));
        self::assertSame(DropReason::SideEffects, $state->droppedClass('N\E')?->exclusion->reason);
    }

    public function testTheOptionsIgnoreAndForceDrops(): void
    {
        $options = new PlanOptions(
            [IgnoreRule::parse('N\Ignored')],
            forcedDrops: new ForcedDrops(ForcedDrop::refusedFile('/app/B.php', 'said no')),
        );
        $state = PlanStates::screened([
            'A.php' => 'namespace N; class Ignored {}',
            'B.php' => 'namespace N; class B {}',
            'C.php' => 'namespace N; class C {}',
        ], $options);

        self::assertSame(['/app/C.php'], array_keys($state->eligible));
        self::assertSame(DropReason::Ignored, $state->droppedFiles['/app/A.php']->exclusion->reason);
        self::assertSame(DropReason::FailedVerification, $state->droppedFiles['/app/B.php']->exclusion->reason);
    }
}
