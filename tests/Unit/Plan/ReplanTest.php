<?php

declare(strict_types=1);

namespace Preheat\Tests\Unit\Plan;

use PHPUnit\Framework\Attributes\DataProvider;
use PHPUnit\Framework\TestCase;
use Preheat\Inventory\InventoryBuilder;
use Preheat\Plan\BuiltinSymbols;
use Preheat\Plan\CapacityFit;
use Preheat\Plan\ForcedDrop;
use Preheat\Plan\ForcedDrops;
use Preheat\Plan\PlanContext;
use Preheat\Plan\Planner;
use Preheat\Plan\PlanOptions;
use Preheat\Plan\PlanPipeline;
use Preheat\Plan\PlanRequest;
use Preheat\Process\SymfonyProcessRunner;
use Preheat\Tests\Support\FixtureProjects;

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
            $fresh = new PlanContext(
                $context->inventory,
                $context->project,
                $context->roots,
                $context->contextFiles,
                $context->locator,
                $context->aliases,
            );
            self::assertEquals(
                (new Planner(BuiltinSymbols::ofCurrentProcess()))->plan($fresh, $options),
                $planner->plan($context, $options),
                \sprintf('round %d', $round),
            );
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

    /** @return iterable<string, array{string}> */
    public static function projects(): iterable
    {
        foreach (FixtureProjects::names() as $name) {
            yield $name => [$name];
        }
    }
}
