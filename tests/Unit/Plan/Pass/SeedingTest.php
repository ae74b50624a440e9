<?php

declare(strict_types=1);

namespace Preheat\Tests\Unit\Plan\Pass;

use PHPUnit\Framework\TestCase;
use Preheat\Plan\DropReason;
use Preheat\Plan\PlanOptions;
use Preheat\Plan\Seeding;

/** The second pass alone: the strategy's files and what they need to link, the rest not selected. */
final class SeedingTest extends TestCase
{
    private const FILES = [
        'A.php' => 'namespace N; class A extends B { function m(): C {} }',
        'B.php' => 'namespace N; class B { function m(): D {} }',
        'C.php' => 'namespace N; class C extends D {}',
        'D.php' => 'namespace N; class D {}',
        'E.php' => 'namespace N; class E {}',
    ];

    public function testWithoutSeedsEveryEligibleFileIsWanted(): void
    {
        $state = PlanStates::screened(self::FILES);

        (new Seeding())->selectSeeds(new PlanOptions(), $state);

        self::assertSame($state->eligible, $state->wanted);
        self::assertSame([], $state->droppedFiles);
    }

    public function testASeedBringsWhatItNeedsToLinkSignatureChecksIncluded(): void
    {
        $state = PlanStates::screened(self::FILES);

        (new Seeding())->selectSeeds(new PlanOptions(seeds: ['/app/A.php', '/app/missing.php'], strategy: 'hot'), $state);

        self::assertEqualsCanonicalizing(['/app/A.php', '/app/B.php', '/app/C.php', '/app/D.php'], array_keys($state->wanted));
        self::assertSame(['/app/E.php'], array_keys($state->droppedFiles));
        self::assertSame(DropReason::NotSelected, $state->droppedFiles['/app/E.php']->exclusion->reason);
        self::assertSame('not chosen by the hot strategy', $state->droppedFiles['/app/E.php']->exclusion->message);
    }
}
