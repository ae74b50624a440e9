<?php

declare(strict_types=1);

namespace Preheat\Tests\Unit\Plan\Strategy;

use PHPUnit\Framework\TestCase;
use Preheat\Bench\Scenario\Generated;
use Preheat\Bench\Scenario\ScenarioSpec;
use Preheat\Plan\Strategy\EverySafeFile;
use Preheat\Plan\Strategy\Strategies;

final class StrategiesTest extends TestCase
{
    public function testEverySafeFileIsOneStrategyUnderBothItsNames(): void
    {
        $strategies = Strategies::standard();

        self::assertInstanceOf(EverySafeFile::class, $strategies->get('paths'));
        self::assertSame($strategies->get('paths'), $strategies->get('all'), 'generate\'s paths and the bench\'s all');
        self::assertSame(['paths', 'all', 'hot', 'trace', 'counted'], $strategies->names());
        self::assertNull($strategies->get('cold'));
    }

    public function testABenchScenarioAndGenerateFindTheSameStrategyAndTheReportKeepsTheSpellingGiven(): void
    {
        $all = ScenarioSpec::parse('everything', 'all', '/', Strategies::standard());
        $paths = ScenarioSpec::parse('everything', 'paths', '/', Strategies::standard());

        self::assertInstanceOf(Generated::class, $all->preload);
        self::assertInstanceOf(Generated::class, $paths->preload);
        self::assertSame('paths', $all->preload->strategy->name());
        self::assertSame('paths', $paths->preload->strategy->name());
        self::assertSame(['all', 'paths'], [$all->spec, $paths->spec]);
    }
}
