<?php

declare(strict_types=1);

namespace Preheat\Tests\Unit\Plan\Strategy;

use PHPUnit\Framework\TestCase;
use Preheat\Composer\ComposerProjectLoader;
use Preheat\Inventory\InventoryBuilder;
use Preheat\Inventory\InventoryCache;
use Preheat\Plan\BuiltinSymbols;
use Preheat\Plan\PlanContext;
use Preheat\Plan\Planner;
use Preheat\Plan\PlanOptions;
use Preheat\Plan\PlanResult;
use Preheat\Plan\Strategy\HotCriteria;
use Preheat\Plan\Strategy\HotSelector;
use Preheat\Plan\Strategy\MemoryEstimate;
use Preheat\Plan\Strategy\MemorySize;
use Preheat\Plan\Strategy\UsageSnapshot;
use Preheat\Tests\Support\FixtureProjects;

/**
 * The hot strategy on a known usage sample over the `clean` fixture project:
 * HomeController (needs Controller), Container (needs ContainerInterface and RemembersInstances), functions.php.
 */
final class HotSelectorTest extends TestCase
{
    private PlanResult $safe;
    private string $root;

    protected function setUp(): void
    {
        $this->root = FixtureProjects::path('clean');
        $project = (new ComposerProjectLoader())->load($this->root);
        $scan = (new InventoryBuilder(workers: 1))->build($project->defaultRoots(), InventoryCache::disabled());
        $plan = (new Planner(BuiltinSymbols::ofCurrentProcess()))->plan(new PlanContext($scan->inventory, $project, $project->defaultRoots()), new PlanOptions());
        $this->safe = new PlanResult($project, $scan, $plan, 0.0);
    }

    public function testCoverageTakesTheMostLoadedFilesAndWhatTheyLinkTo(): void
    {
        // 100 requests; 300 loads in all. HomeController alone covers 100/300.
        $usage = $this->usage([
            'src/Controller/HomeController.php' => 100,
            'vendor/acme/container/src/Container.php' => 90,
            'src/Controller/Controller.php' => 80,
            'vendor/acme/container/src/functions.php' => 30,
        ]);

        $selection = $this->select($usage, new HotCriteria(0.5));

        // HomeController (100) then Container (90): 190/300 ≥ 0.5 after the second.
        self::assertSame(2, $selection->chosen);
        self::assertEqualsCanonicalizing([
            $this->root.'/src/Controller/HomeController.php',
            $this->root.'/src/Controller/Controller.php',
            $this->root.'/vendor/acme/container/src/Container.php',
            $this->root.'/vendor/acme/container/src/ContainerInterface.php',
            $this->root.'/vendor/acme/container/src/RemembersInstances.php',
        ], $selection->files);
        self::assertSame('beyond the coverage', $selection->skipped[$this->root.'/vendor/acme/container/src/functions.php']);
        self::assertEqualsWithDelta(270 / 300, $selection->coverage, 1e-9, 'Controller.php came along with HomeController and counts as covered');
    }

    public function testAChosenFileComesWithTheClassesItsMethodSignaturesNeed(): void
    {
        $root = FixtureProjects::path('variance');
        $project = (new ComposerProjectLoader())->load($root);
        $scan = (new InventoryBuilder(workers: 1))->build($project->defaultRoots(), InventoryCache::disabled());
        $plan = (new Planner(BuiltinSymbols::ofCurrentProcess()))->plan(new PlanContext($scan->inventory, $project, $project->defaultRoots()), new PlanOptions());
        $usage = new UsageSnapshot(requests: 10, fileCounts: [$root.'/vendor/acme/repo/src/ArticleRepository.php' => 10], from: 1000, to: 2000);

        $selection = (new HotSelector())->select($usage, $plan, $scan->inventory, new HotCriteria(), new MemoryEstimate());

        self::assertEqualsCanonicalizing([
            $root.'/vendor/acme/repo/src/ArticleRepository.php',
            $root.'/vendor/acme/repo/src/Repository.php',
            $root.'/vendor/acme/repo/src/Article.php',
            $root.'/vendor/acme/repo/src/Entity.php',
        ], $selection->files);
    }

    public function testMinimumShareLeavesRareFilesOut(): void
    {
        $usage = $this->usage(['src/Controller/HomeController.php' => 100, 'vendor/acme/container/src/functions.php' => 4]);

        $selection = $this->select($usage, new HotCriteria(null, 0.05));

        self::assertSame(1, $selection->chosen);
        self::assertStringContainsString('4.0% of requests', $selection->skipped[$this->root.'/vendor/acme/container/src/functions.php']);
    }

    public function testTheBudgetCountsWhatAFileLinksToAndSkipsWhatDoesNotFit(): void
    {
        $usage = $this->usage([
            'vendor/acme/container/src/Container.php' => 100,
            'src/Controller/HomeController.php' => 90,
            'vendor/acme/container/src/functions.php' => 80,
        ]);
        $estimate = new MemoryEstimate(1.0); // one byte per source byte: the budget is in source bytes
        $homeAndParent = filesize($this->root.'/src/Controller/HomeController.php') + filesize($this->root.'/src/Controller/Controller.php');
        $functions = filesize($this->root.'/vendor/acme/container/src/functions.php');

        // Room for HomeController with its parent and for functions.php, not for Container and its two dependencies.
        $selection = $this->select($usage, new HotCriteria(null, null, $homeAndParent + $functions), $estimate);

        self::assertStringStartsWith('over the budget', $selection->skipped[$this->root.'/vendor/acme/container/src/Container.php']);
        self::assertSame(2, $selection->chosen);
        self::assertSame($homeAndParent + $functions, $selection->estimatedBytes);
    }

    public function testWithinABudgetEquallyLoadedSmallFilesComeFirst(): void
    {
        // Both loaded by every request; HomeController.php (253 bytes) sorts first but functions.php (163) is smaller.
        $usage = $this->usage(['src/Controller/HomeController.php' => 100, 'vendor/acme/container/src/functions.php' => 100]);

        $selection = $this->select($usage, new HotCriteria(null, null, 200), new MemoryEstimate(1.0));

        self::assertSame([$this->root.'/vendor/acme/container/src/functions.php'], $selection->files);
        self::assertArrayHasKey($this->root.'/src/Controller/HomeController.php', $selection->skipped);
    }

    public function testTheAutomaticBudgetStopsWhereFilesBringFewerLoadsPerMbThanTheFilesEveryRequestLoads(): void
    {
        // HomeController is loaded by every request: the floor, whose loads per MB (100 per 253 bytes) set the price.
        // functions.php brings 30 per 163 bytes and Container 90 per 682 bytes with what it links to: both under it.
        $usage = $this->usage([
            'src/Controller/HomeController.php' => 100,
            'vendor/acme/container/src/Container.php' => 90,
            'vendor/acme/container/src/functions.php' => 30,
        ]);

        $selection = $this->select($usage, HotCriteria::defaults(), new MemoryEstimate(1.0));

        self::assertSame(1, $selection->chosen);
        self::assertEqualsCanonicalizing([
            $this->root.'/src/Controller/HomeController.php',
            $this->root.'/src/Controller/Controller.php',
        ], $selection->files);
        self::assertEqualsWithDelta(100 / 253 * 1048576, $selection->kneeLoadsPerMb, 1.0);
        self::assertStringStartsWith('past the knee', $selection->skipped[$this->root.'/vendor/acme/container/src/functions.php']);
        self::assertStringStartsWith('past the knee', $selection->skipped[$this->root.'/vendor/acme/container/src/Container.php']);
    }

    public function testPastTheFloorTheAutomaticBudgetTakesFilesThatPayAsWellAsTheFloor(): void
    {
        // Container (every request, 340 bytes) sets the price at 100 per 340 bytes; functions.php, loaded by 60% of
        // requests, brings 60 per 163 bytes, more: taken. HomeController, 10 per 343 bytes with its parent, is not.
        $usage = $this->usage([
            'vendor/acme/container/src/Container.php' => 100,
            'vendor/acme/container/src/functions.php' => 60,
            'src/Controller/HomeController.php' => 10,
        ]);

        $selection = $this->select($usage, HotCriteria::defaults(), new MemoryEstimate(1.0));

        self::assertSame(2, $selection->chosen);
        self::assertContains($this->root.'/vendor/acme/container/src/functions.php', $selection->files);
        self::assertStringStartsWith('past the knee', $selection->skipped[$this->root.'/src/Controller/HomeController.php']);
    }

    public function testTheCoverageGivenBesideTheAutomaticBudgetNeverCutsTheFloor(): void
    {
        // With coverage 0.1, the first file (the smallest by loads per byte) is enough; the floor is kept all the same.
        $usage = $this->usage([
            'vendor/acme/container/src/functions.php' => 100,
            'vendor/acme/container/src/Container.php' => 100,
            'src/Controller/HomeController.php' => 100,
        ]);

        $auto = $this->select($usage, HotCriteria::orDefaults(0.1, null, null), new MemoryEstimate(1.0));
        $fixed = $this->select($usage, new HotCriteria(0.1, null, 1048576), new MemoryEstimate(1.0));

        self::assertTrue(HotCriteria::orDefaults(0.1, null, null)->autoBudget);
        self::assertSame(3, $auto->chosen);
        self::assertSame(1, $fixed->chosen, 'a fixed budget keeps the coverage as it was');
    }

    public function testTheAutomaticBudgetIsCappedAndAGivenBudgetWins(): void
    {
        self::assertSame(HotCriteria::AUTO_CAP_BYTES, HotCriteria::defaults()->budgetBytes);
        self::assertSame(32 * 1048576, HotCriteria::AUTO_CAP_BYTES);
        self::assertNull(HotCriteria::parseBudget('auto'));
        self::assertNull(HotCriteria::parseBudget(' AUTO '));
        self::assertSame(12 * 1048576, HotCriteria::parseBudget('12M'));
        $given = HotCriteria::orDefaults(null, null, 12 * 1048576);
        self::assertFalse($given->autoBudget);
        self::assertSame('budget 12.0 MB', $given->describe());
        self::assertSame('budget auto, at most 32.0 MB', HotCriteria::defaults()->describe());
        // Every file the floor prices in, but not past the cap.
        $usage = $this->usage(['src/Controller/HomeController.php' => 100, 'vendor/acme/container/src/functions.php' => 100]);
        $capped = $this->select($usage, new HotCriteria(null, null, 200, true), new MemoryEstimate(1.0));
        self::assertSame([$this->root.'/vendor/acme/container/src/functions.php'], $capped->files);
        self::assertStringStartsWith('over the budget', $capped->skipped[$this->root.'/src/Controller/HomeController.php']);
    }

    public function testRecordedFilesOutsideTheSafePlanAreSkippedWithTheReason(): void
    {
        $usage = new UsageSnapshot(requests: 10, fileCounts: ['/srv/elsewhere/bootstrap.php' => 10, $this->root.'/vendor/composer/autoload_psr4.php' => 10], from: 1, to: 2);

        $selection = $this->select($usage, new HotCriteria(1.0));

        self::assertSame([], $selection->files);
        self::assertSame('not under the scanned paths', $selection->skipped['/srv/elsewhere/bootstrap.php']);
        self::assertSame('not safe to preload: declares nothing preloadable (see preheat explain)', $selection->skipped[$this->root.'/vendor/composer/autoload_psr4.php']);
    }

    public function testSizesParse(): void
    {
        self::assertSame(12 * 1048576, MemorySize::parse('12M'));
        self::assertSame(512 * 1024, MemorySize::parse('512k'));
        self::assertSame(1073741824, MemorySize::parse('1G'));
        self::assertSame(1000, MemorySize::parse('1000'));
        $this->expectException(\InvalidArgumentException::class);
        $this->expectExceptionMessage('The memory budget lots is not a size');
        MemorySize::parse('lots');
    }

    public function testCalibrationScalesTheEstimateToWhatWasMeasured(): void
    {
        $file = $this->root.'/src/Controller/Controller.php';
        $calibrated = (new MemoryEstimate())->calibrated([$file], 5 * (int) filesize($file));

        self::assertSame(5.0, $calibrated->bytesPerSourceByte);
        self::assertSame(5 * filesize($file), $calibrated->ofFile($file));
    }

    /** @param array<string, int> $relativeCounts */
    private function usage(array $relativeCounts, int $requests = 100): UsageSnapshot
    {
        $counts = [];
        foreach ($relativeCounts as $path => $count) {
            $counts[$this->root.'/'.$path] = $count;
        }

        return new UsageSnapshot(requests: $requests, fileCounts: $counts, from: 1000, to: 2000);
    }

    private function select(UsageSnapshot $usage, HotCriteria $criteria, MemoryEstimate $estimate = new MemoryEstimate()): \Preheat\Plan\Strategy\HotSelection
    {
        return (new HotSelector())->select($usage, $this->safe->plan, $this->safe->scan->inventory, $criteria, $estimate);
    }
}
