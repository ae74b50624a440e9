<?php

declare(strict_types=1);

namespace Preheat\Tests\Unit\Plan;

use PHPUnit\Framework\Attributes\DataProvider;
use PHPUnit\Framework\TestCase;
use Preheat\Inventory\InventoryBuilder;
use Preheat\Plan\BuiltinSymbols;
use Preheat\Plan\CapacityFit;
use Preheat\Plan\DropReason;
use Preheat\Plan\ForcedDrop;
use Preheat\Plan\ForcedDrops;
use Preheat\Plan\PlanContext;
use Preheat\Plan\Planner;
use Preheat\Plan\PlanOptions;
use Preheat\Plan\PlanPipeline;
use Preheat\Plan\PlanRequest;
use Preheat\Process\SymfonyProcessRunner;
use Preheat\Tests\Support\FixtureProjects;
use Preheat\Tests\Support\TemporaryDirectory;

/**
 * A planner keeps what it computed for a context for the next plan of it: every plan of a context, in any
 * order of options, is the plan a fresh planner makes of a fresh context.
 */
final class ReplanTest extends TestCase
{
    #[DataProvider('projects')]
    public function testAPlanOfTheSameContextIsThePlanAFreshPlannerMakes(string $name): void
    {
        $result = FixtureProjects::result(FixtureProjects::path($name));
        $context = PlanContext::of($result);
        $planner = new Planner(BuiltinSymbols::ofCurrentProcess());
        $classes = [];
        $paths = [];
        foreach ($result->plan->included as $file) {
            $paths[] = $file->path;
            array_push($classes, ...$file->classes);
        }
        $drops = new ForcedDrops();
        $rounds = [new PlanOptions()];
        foreach (\array_slice($classes, 0, 4) as $class) {
            $drops = $drops->with(ForcedDrop::unlinkedClass($class, 'refused'));
            $rounds[] = (new PlanOptions())->withForcedDrops($drops);
        }
        $fit = new CapacityFit(\array_slice($paths, 0, intdiv(\count($paths), 2)), 'to fit');
        $forced = (new PlanOptions())->withForcedDrops($drops);
        $rounds[] = $forced->withFits([$fit]);
        $rounds[] = $forced->withFits([$fit, new CapacityFit(\array_slice($paths, 0, 2), 'to fit again')]);
        $seeded = (new PlanOptions())->withSeeds(\array_slice($paths, -2), 'hot');
        $rounds[] = $seeded;
        $rounds[] = $seeded->withFits([$fit]);
        $rounds[] = (new PlanOptions())->withSeeds(\array_slice($paths, 0, 2), 'hot');
        $rounds[] = new PlanOptions();

        foreach ($rounds as $round => $options) {
            self::assertEquals(
                (new Planner(BuiltinSymbols::ofCurrentProcess()))->plan(self::fresh($context), $options),
                $planner->plan($context, $options),
                \sprintf('round %d', $round),
            );
        }
    }

    /**
     * Files that need each other make a plan take a forced drop and plan again: every plan of the context
     * after the first starts from what the first kept of those rounds.
     */
    public function testPlansThroughACycleBetweenFilesAreThePlansAFreshPlannerMakes(): void
    {
        $directory = new TemporaryDirectory();
        try {
            file_put_contents($directory->path.'/one.php', "<?php\nclass A {}\nclass C extends B {}\n");
            file_put_contents($directory->path.'/two.php', "<?php\nclass B extends A {}\nclass D {}\n");
            file_put_contents($directory->path.'/three.php', "<?php\nclass E extends D {}\n");
            $result = FixtureProjects::result($directory->path);
            $planner = new Planner(BuiltinSymbols::ofCurrentProcess());
            $context = PlanContext::of($result);
            $fit = new CapacityFit([(string) realpath($directory->path.'/two.php')], 'to fit');
            $rounds = [new PlanOptions(), (new PlanOptions())->withFits([$fit]), new PlanOptions()];

            foreach ($rounds as $round => $options) {
                self::assertEquals(
                    (new Planner(BuiltinSymbols::ofCurrentProcess()))->plan(self::fresh($context), $options),
                    $planner->plan($context, $options),
                    \sprintf('round %d', $round),
                );
            }
            $reasons = array_map(static fn ($c): DropReason => $c->exclusion->reason, $result->plan->droppedClasses);
            self::assertContains(DropReason::CircularDependency, $reasons, 'the first plan went round a cycle');
        } finally {
            $directory->remove();
        }
    }

    public function testAReplannerPlansFromTheContextTheFirstPlanWasMadeIn(): void
    {
        $result = FixtureProjects::result(FixtureProjects::path('clean'));

        self::assertNotNull($result->context);
        self::assertSame($result->context, PlanContext::of($result));
    }

    public function testAPipelinePlansOneScanInOneContextWhateverTheOptions(): void
    {
        $pipeline = new PlanPipeline(new SymfonyProcessRunner(), builder: new InventoryBuilder(workers: 1));
        $request = new PlanRequest(FixtureProjects::path('clean'));

        $first = $pipeline->run($request, new PlanOptions());
        $second = $pipeline->run($request, PlanOptions::ignoring(['src/Controller/*']));

        self::assertNotNull($first->context);
        self::assertSame($first->context, $second->context);
        self::assertNotEquals($first->plan, $second->plan);
    }

    private static function fresh(PlanContext $context): PlanContext
    {
        return new PlanContext(
            $context->inventory,
            $context->project,
            $context->roots,
            $context->contextFiles,
            $context->locator,
            $context->aliases,
        );
    }

    /** @return iterable<string, array{string}> */
    public static function projects(): iterable
    {
        foreach (FixtureProjects::names() as $name) {
            yield $name => [$name];
        }
    }
}
