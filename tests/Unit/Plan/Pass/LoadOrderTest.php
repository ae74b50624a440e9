<?php

declare(strict_types=1);

namespace Preheat\Tests\Unit\Plan\Pass;

use PHPUnit\Framework\TestCase;
use Preheat\Plan\CapacityFit;
use Preheat\Plan\CapacityFitting;
use Preheat\Plan\DropReason;
use Preheat\Plan\LoadOrder;
use Preheat\Plan\PlannedFile;
use Preheat\Plan\PlanOptions;
use Preheat\Plan\Seeding;

/** The last passes alone: the fits, then an order PHP compiles in, or the cycle that keeps the files from one. */
final class LoadOrderTest extends TestCase
{
    public function testAncestorsComeFirstWhateverTheirNames(): void
    {
        $state = PlanStates::screened([
            'A.php' => 'namespace N; class A extends B implements I { use T; }',
            'B.php' => 'namespace N; class B {}',
            'I.php' => 'namespace N; interface I {}',
            'T.php' => 'namespace N; trait T {}',
        ]);
        (new Seeding())->selectSeeds(new PlanOptions(), $state);

        self::assertNull((new LoadOrder())->order($state));
        self::assertSame(
            ['/app/B.php', '/app/I.php', '/app/T.php', '/app/A.php'],
            array_map(static fn (PlannedFile $file): string => $file->path, $state->ordered),
        );
    }

    public function testACycleBetweenFilesIsReturnedNotOrdered(): void
    {
        $state = PlanStates::screened([
            'A.php' => 'namespace N; class A extends B {} interface J {}',
            'B.php' => 'namespace N; class B implements J {}',
        ]);
        (new Seeding())->selectSeeds(new PlanOptions(), $state);

        self::assertSame(['n\b', 'N\J'], (new LoadOrder())->order($state), 'B, needed by A, needs J of A\'s file');
        self::assertSame([], $state->ordered);
    }

    public function testAFitKeepsWhatItsFilesNeedToLinkAndDropsTheRest(): void
    {
        $state = PlanStates::screened([
            'A.php' => 'namespace N; class A extends B {}',
            'B.php' => 'namespace N; class B {}',
            'C.php' => 'namespace N; class C {}',
        ]);
        $options = new PlanOptions(fits: [new CapacityFit(['/app/A.php'], 'over the interned strings buffer')]);
        (new Seeding())->selectSeeds($options, $state);

        (new CapacityFitting())->applyFits($options, $state);

        self::assertEqualsCanonicalizing(['/app/A.php', '/app/B.php'], array_keys($state->wanted));
        self::assertSame(DropReason::OverIniCapacity, $state->droppedFiles['/app/C.php']->exclusion->reason);
        self::assertSame('over the interned strings buffer', $state->droppedFiles['/app/C.php']->exclusion->message);
    }
}
