<?php

declare(strict_types=1);

namespace Preheat\Tests\Unit\Plan;

use PHPUnit\Framework\TestCase;
use Preheat\Plan\BuiltinSymbols;
use Preheat\Plan\CapacityFit;
use Preheat\Plan\DropOrigin;
use Preheat\Plan\DropReason;
use Preheat\Plan\ForcedDrop;
use Preheat\Plan\ForcedDrops;
use Preheat\Plan\PlanContext;
use Preheat\Plan\Planner;
use Preheat\Plan\PlanOptions;
use Preheat\Script\Write\PreloadScriptWriter;
use Preheat\Script\Write\RecordedConstraints;
use Preheat\Tests\Support\FixtureProjects;

/** The constraints a plan takes besides the user's options: forced drops and capacity fits, as value objects. */
final class ForcedDropsTest extends TestCase
{
    public function testAClassIsFoundByItsNameInAnyCaseAFileByItsPath(): void
    {
        $class = ForcedDrop::unlinkedClass('App\Controller\HomeController', 'Unknown parent Missing');
        $file = ForcedDrop::refusedFile('/app/src/Boot.php', 'Cannot redeclare boot()');
        $drops = new ForcedDrops($class, $file);

        self::assertSame('app\controller\homecontroller', $class->key());
        self::assertSame($class, $drops->forClass('\APP\Controller\homecontroller'));
        self::assertSame($file, $drops->forFile('/app/src/Boot.php'));
        self::assertNull($drops->forClass('/app/src/Boot.php'), 'a file is no class');
        self::assertNull($drops->forFile('app\controller\homecontroller'), 'nor a class a file');
        self::assertSame(DropOrigin::Verification, $file->origin);
        self::assertSame('PHP said at start-up: Cannot redeclare boot()', $file->why);
    }

    public function testALaterDropOfTheSameSubjectReplacesTheEarlierInItsPlace(): void
    {
        $first = ForcedDrop::unlinkedClass('A', 'one');
        $second = ForcedDrop::unlinkedClass('B', 'two');
        $again = ForcedDrop::recorded('a', false, 'three');

        $drops = (new ForcedDrops($first, $second))->with($again);

        self::assertSame([$again, $second], $drops->all());
        self::assertCount(2, $drops);
        self::assertSame('PHP refused it at the last verification: three', $again->why);
        self::assertSame(DropOrigin::LastVerification, $again->origin);
    }

    public function testCoversAllTellsWhetherDroppingAgainWouldChangeNothing(): void
    {
        $drops = new ForcedDrops(ForcedDrop::unlinkedClass('A', 'one'), ForcedDrop::refusedFile('/b.php', 'two'));

        self::assertTrue($drops->coversAll(new ForcedDrops(ForcedDrop::unlinkedClass('a', 'said otherwise'))));
        self::assertFalse($drops->coversAll(new ForcedDrops(ForcedDrop::unlinkedClass('C', 'new'))));
        self::assertTrue($drops->coversAll(new ForcedDrops()));
    }

    public function testEachDropSaysWhyInTheExclusionItMakes(): void
    {
        $refused = ForcedDrop::unlinkedClass('A', 'Unknown parent B')->exclusion('A');
        $cycle = ForcedDrop::linkCycle('a', 'B')->exclusion('A');

        self::assertSame(DropReason::FailedVerification, $refused->reason);
        self::assertSame('PHP could not link it at start-up: Unknown parent B', $refused->message);
        self::assertSame(DropReason::CircularDependency, $cycle->reason);
        self::assertSame('A and B need each other\'s files to link', $cycle->message);
        self::assertSame(DropOrigin::LinkCycle, ForcedDrop::linkCycle('a', 'B')->origin);
    }

    public function testTheFileAPlannerIsToldToDropIsOutWithWhatPHPSaid(): void
    {
        $result = FixtureProjects::result(FixtureProjects::path('clean'));
        $path = $result->project->root.'/src/Controller/HomeController.php';
        $options = (new PlanOptions())->withForcedDrops(new ForcedDrops(ForcedDrop::refusedFile($path, 'no')));

        $plan = self::planner()->plan(PlanContext::of($result), $options);

        self::assertFalse($plan->includes($path));
        self::assertSame('PHP said at start-up: no', $plan->droppedFiles[$path]->exclusion->message);
    }

    public function testACapacityFitKeepsItsFilesWithWhatTheyNeedToLink(): void
    {
        $result = FixtureProjects::result(FixtureProjects::path('clean'));
        $home = $result->project->root.'/src/Controller/HomeController.php';
        $parent = $result->project->root.'/src/Controller/Controller.php';
        $fit = new CapacityFit([$home], 'left out so that the preload fits');

        $plan = self::planner()->plan(PlanContext::of($result), (new PlanOptions())->withFits([$fit]));

        self::assertTrue($fit->keeps($home));
        self::assertSame([$home], $fit->kept());
        self::assertTrue($plan->includes($home));
        self::assertTrue($plan->includes($parent), 'its parent comes with it');
        self::assertGreaterThan(\count($plan->included), \count($result->plan->included));
        foreach ($result->plan->included as $file) {
            if (!$plan->includes($file->path)) {
                self::assertSame(DropReason::OverIniCapacity, $plan->droppedFiles[$file->path]->exclusion->reason);
                self::assertSame(
                    'left out so that the preload fits',
                    $plan->droppedFiles[$file->path]->exclusion->message,
                );
            }
        }
    }

    public function testAScriptRecordsTheConstraintsExplainReplays(): void
    {
        $result = FixtureProjects::result(FixtureProjects::path('clean'));
        $home = $result->project->root.'/src/Controller/HomeController.php';
        $options = (new PlanOptions())
            ->withForcedDrops(
                new ForcedDrops(ForcedDrop::unlinkedClass('App\Controller\HomeController', 'Unknown parent')),
            )
            ->withFits([new CapacityFit([$result->project->root.'/src/Controller/Controller.php'], 'left out to fit')]);
        $plan = self::planner()->plan(PlanContext::of($result), $options);
        $path = $plan->projectRoot.'/preload.php';

        $recorded = RecordedConstraints::of(
            (new PreloadScriptWriter())->render($plan, $path),
            $path,
            $plan->projectRoot,
        );

        $drop = $recorded->drops->forClass('App\Controller\HomeController');
        self::assertSame(DropOrigin::LastVerification, $drop?->origin);
        self::assertSame('PHP refused it at the last verification: Unknown parent', $drop->why);
        self::assertSame('left out to fit', $recorded->fit?->why);
        self::assertFalse($recorded->fit->keeps($home));
        self::assertCount(\count($plan->included), $recorded->fit->kept(), 'the files the script compiles');
    }

    private static function planner(): Planner
    {
        return new Planner(BuiltinSymbols::ofCurrentProcess());
    }
}
