<?php

declare(strict_types=1);

namespace Preheat\Tests\Unit\Plan;

use PHPUnit\Framework\TestCase;
use Preheat\Inventory\InventoryBuilder;
use Preheat\Plan\PlanOptions;
use Preheat\Plan\PlanPipeline;
use Preheat\Plan\PlanRequest;
use Preheat\Process\SymfonyProcessRunner;
use Preheat\Progress\Timings;
use Preheat\Progress\TimingSpan;
use Preheat\Tests\Support\FixtureProjects;

/**
 * A bench plans one app for many scenarios (each strategy, the autoloader rung's classmap): the app is
 * scanned and parsed once per request, and only planned again.
 */
final class PlanPipelineTest extends TestCase
{
    public function testTheSameRequestScansTheAppOnceAndPlansItForEachOptions(): void
    {
        $timings = new Timings();
        $pipeline = new PlanPipeline(
            new SymfonyProcessRunner(),
            builder: new InventoryBuilder(workers: 1),
            timings: $timings,
        );
        $request = new PlanRequest(FixtureProjects::path('clean'));

        $first = $pipeline->run($request, PlanOptions::ignoring([]));
        $second = $pipeline->run($request, PlanOptions::ignoring(['src/*']));

        self::assertSame($first->scan, $second->scan, 'the second plan reads the first scan');
        self::assertNotEquals($first->plan->included, $second->plan->included, 'and plans with its own options');
        self::assertSame(1, $this->times($timings, 'parse'));
        self::assertSame(1, $this->times($timings, 'scan and stat'));
        self::assertSame(2, $this->times($timings, 'plan'));
    }

    public function testAnotherRequestScansAgain(): void
    {
        $timings = new Timings();
        $pipeline = new PlanPipeline(
            new SymfonyProcessRunner(),
            builder: new InventoryBuilder(workers: 1),
            timings: $timings,
        );
        $root = FixtureProjects::path('clean');

        $pipeline->run(new PlanRequest($root), PlanOptions::ignoring([]));
        $pipeline->run(new PlanRequest($root, ['src']), PlanOptions::ignoring([]));

        self::assertSame(2, $this->times($timings, 'parse'));
    }

    private function times(Timings $timings, string $span): int
    {
        $found = array_values(array_filter(
            $timings->report()->spans,
            static fn (TimingSpan $s): bool => $s->name === $span,
        ));

        return array_sum(array_map(static fn (TimingSpan $s): int => $s->times, $found));
    }
}
