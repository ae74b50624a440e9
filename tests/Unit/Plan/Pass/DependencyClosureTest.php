<?php

declare(strict_types=1);

namespace Preheat\Tests\Unit\Plan\Pass;

use PHPUnit\Framework\TestCase;
use Preheat\Plan\BuiltinSymbols;
use Preheat\Plan\DependencyClosure;
use Preheat\Plan\DropReason;
use Preheat\Plan\PlanOptions;
use Preheat\Plan\PlanState;
use Preheat\Plan\Seeding;
use Preheat\Progress\Timings;

/** The third pass alone: what cannot link for want of another class is dropped, and what needs it. */
final class DependencyClosureTest extends TestCase
{
    public function testAMissingParentDropsTheClassAndEveryClassNeedingIt(): void
    {
        $state = self::closed([
            'A.php' => 'namespace N; class A extends Missing {}',
            'B.php' => 'namespace N; class B extends A {}',
            'C.php' => 'namespace N; class C { function m(): \Countable {} } class D extends C { function m(): B {} }',
            'E.php' => 'namespace N; class E implements \Countable { function count(): int { return 0; } }',
        ]);

        self::assertSame(['/app/E.php'], array_keys($state->wanted));
        $a = $state->droppedClass('N\A');
        self::assertSame(DropReason::MissingDependency, $a?->exclusion->reason);
        self::assertSame('its parent N\Missing does not exist here (is an optional package not installed?)', $a->exclusion->message);
        self::assertSame([DropReason::DroppedDependency, 'N\A'], [
            $state->droppedClass('N\B')?->exclusion->reason,
            $state->droppedClass('N\B')?->exclusion->because,
        ]);
        self::assertSame(DropReason::VarianceDependency, $state->droppedClass('N\D')?->exclusion->reason);
        self::assertSame(DropReason::SharesFile, $state->droppedClass('N\C')?->exclusion->reason);
    }

    public function testAClassPhpRefusesWhateverIsLoadedIsAnIncompatibleSignature(): void
    {
        $state = self::closed([
            'P.php' => 'namespace N; class P { function m(): void {} }',
            'C.php' => 'namespace N; class C extends P { function m(): bool {} }',
        ]);

        self::assertSame(['/app/P.php'], array_keys($state->wanted));
        self::assertSame(DropReason::IncompatibleSignature, $state->droppedClass('N\C')?->exclusion->reason);
    }

    public function testClassesNeedingEachOtherThroughASignatureAreDropped(): void
    {
        $state = self::closed([
            'P.php' => 'namespace N; class P { function m(): P {} } class Q { function m(): Q {} }',
            'A.php' => 'namespace N; class A extends P { function m(): B {} }',
            'B.php' => 'namespace N; class B extends Q { function m(): A {} }',
        ]);

        self::assertSame(['/app/P.php'], array_keys($state->wanted));
        self::assertSame(DropReason::VarianceDependency, $state->droppedClass('N\A')?->exclusion->reason);
        self::assertStringContainsString('N\A, N\B need each other', $state->droppedClass('N\A')->exclusion->message);
    }

    /** @param array<string, string> $files */
    private static function closed(array $files): PlanState
    {
        $state = PlanStates::screened($files);
        (new Seeding())->selectSeeds(new PlanOptions(), $state);
        (new DependencyClosure(BuiltinSymbols::ofCurrentProcess(), new Timings()))->closeOverDependencies($state->context, $state);

        return $state;
    }
}
