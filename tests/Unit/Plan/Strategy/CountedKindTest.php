<?php

declare(strict_types=1);

namespace Preheat\Tests\Unit\Plan\Strategy;

use PHPUnit\Framework\TestCase;
use Preheat\Bench\Scenario\Generated;
use Preheat\Bench\Scenario\ScenarioSpec;
use Preheat\Composer\ComposerProjectLoader;
use Preheat\Inventory\InventoryBuilder;
use Preheat\Inventory\InventoryCache;
use Preheat\Plan\BuiltinSymbols;
use Preheat\Plan\PlanContext;
use Preheat\Plan\Planner;
use Preheat\Plan\PlanOptions;
use Preheat\Plan\PlanResult;
use Preheat\Plan\Strategy\CountedKind;
use Preheat\Plan\Strategy\HotCriteria;
use Preheat\Plan\Strategy\HotKind;
use Preheat\Plan\Strategy\MemoryEstimate;
use Preheat\Plan\Strategy\Strategies;
use Preheat\Plan\Strategy\StrategySource;
use Preheat\Plan\Strategy\UsageSnapshot;
use Preheat\Tests\Support\FixtureProjects;

/**
 * The peers' way as a reference: every file the counts name, however rarely loaded, against hot's knee on the
 * same counts (the `clean` fixture project: HomeController needs Controller, Container needs two interfaces).
 */
final class CountedKindTest extends TestCase
{
    public function testCountedTakesEveryCountedFileWhereHotStopsAtTheKnee(): void
    {
        $root = FixtureProjects::path('clean');
        $project = (new ComposerProjectLoader())->load($root);
        $scan = (new InventoryBuilder(workers: 1))->build($project->defaultRoots(), InventoryCache::disabled());
        $plan = (new Planner(BuiltinSymbols::ofCurrentProcess()))->plan(new PlanContext($scan->inventory, $project, $project->defaultRoots()), new PlanOptions());
        $safe = new PlanResult($project, $scan, $plan, 0.0);
        // The front controller's every-request file, then two files one request in a hundred loads.
        $usage = new UsageSnapshot(requests: 100, fileCounts: [
            $root.'/src/Controller/HomeController.php' => 100,
            $root.'/vendor/acme/container/src/Container.php' => 1,
            $root.'/vendor/acme/container/src/functions.php' => 1,
        ], from: 1, to: 2);
        $source = self::source($usage);

        $counted = (new CountedKind())->seed($source);
        $hot = (new HotKind())->seed($source);
        $every = $counted->select($safe, new MemoryEstimate());
        $knee = $hot->select($safe, new MemoryEstimate());

        self::assertSame('counted', $counted->name());
        self::assertNull($counted->budgetBytes(), 'no budget: every counted file');
        self::assertSame(3, $every->chosen);
        self::assertCount(6, $every->files, 'with what they link to');
        self::assertSame(1, $knee->chosen, 'the rare files are past the knee');
        self::assertSame([], $every->skipped);
    }

    public function testTheBenchRunsItAsAScenario(): void
    {
        $spec = ScenarioSpec::parse('counted', 'counted', '/', Strategies::standard());

        self::assertInstanceOf(Generated::class, $spec->preload);
        self::assertInstanceOf(CountedKind::class, $spec->preload->strategy);
    }

    private static function source(UsageSnapshot $usage): StrategySource
    {
        return new class($usage) implements StrategySource {
            public function __construct(private readonly UsageSnapshot $usage)
            {
            }

            public function recordedUsage(): UsageSnapshot
            {
                return $this->usage;
            }

            public function hotCriteria(): HotCriteria
            {
                return HotCriteria::defaults();
            }

            public function tracedUsage(): UsageSnapshot
            {
                throw new \LogicException('Not traced.');
            }

            public function traceCriteria(): HotCriteria
            {
                return new HotCriteria();
            }
        };
    }
}
