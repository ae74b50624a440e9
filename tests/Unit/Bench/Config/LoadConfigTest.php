<?php

declare(strict_types=1);

namespace Preheat\Tests\Unit\Bench\Config;

use PHPUnit\Framework\TestCase;
use Preheat\Bench\Config\BenchConfigLoader;
use Preheat\Bench\Config\LoadConfig;
use Preheat\Bench\Load\LoadGenerator;
use Preheat\Bench\Load\LoadResult;
use Preheat\Bench\Load\LoadSettings;
use Preheat\Bench\Load\LoadTarget;
use Preheat\Bench\Load\LoadTool;
use Preheat\Bench\Load\Schedule;
use Preheat\Bench\Load\Tool\LoadTools;
use Preheat\Config\IntegerSetting;
use Preheat\Config\IntegerSettings;
use Preheat\ConfigError;
use Preheat\Plan\Strategy\Strategies;
use Preheat\Process\ProcessRunner;
use Preheat\Server\Binaries;
use Preheat\Server\Serve\RuntimeRegistry;

/** The load section as a tool makes it: its schedule from what the tool says it can do, its own settings' range. */
final class LoadConfigTest extends TestCase
{
    public function testAToolThatLoadsNothingInTheBackgroundTakesTurnsAndRefusesTogether(): void
    {
        $tool = new ForegroundTool();

        self::assertSame(Schedule::Turns, (new LoadConfig($tool))->schedule, 'sends requests, yet one at a time');
        self::assertSame(0, (new LoadConfig($tool))->restartEvery);

        $this->expectException(ConfigError::class);
        $this->expectExceptionMessage('Invalid schedule "together": foreground loads one scenario at a time; use turns');
        new LoadConfig($tool, schedule: 'together');
    }

    public function testAToolsOwnSettingIsCheckedAgainstItsLowestAndReachesItsSettings(): void
    {
        $tool = new ForegroundTool();
        $given = (new IntegerSettings())->with(ForegroundTool::bursts(), 7);

        self::assertSame(7, (new LoadConfig($tool, toolSettings: $given))->settings->tool->of(ForegroundTool::bursts()));
        self::assertSame(3, (new LoadConfig($tool))->settings->tool->of(ForegroundTool::bursts()), 'its default');

        $this->expectException(ConfigError::class);
        $this->expectExceptionMessage('Invalid bursts 0: must be at least 1');
        new LoadConfig($tool, toolSettings: (new IntegerSettings())->with(ForegroundTool::bursts(), 0));
    }

    public function testAToolMayNotDeclareAKeyEveryRunHas(): void
    {
        $loader = new BenchConfigLoader(
            RuntimeRegistry::standard(),
            LoadTools::standard()->with(new ForegroundTool('rounds')),
            Strategies::standard(),
        );

        $this->expectException(\LogicException::class);
        $this->expectExceptionMessage('A load tool declares bench.rounds, a key of every run.');
        $loader->schema();
    }
}

/** Sends requests to the server (it runs no PHP itself), but only in the foreground. */
final class ForegroundTool implements LoadTool
{
    /** @param string $key its setting's key */
    public function __construct(private readonly string $key = 'bursts')
    {
    }

    public static function bursts(string $key = 'bursts'): IntegerSetting
    {
        return new IntegerSetting($key, 'Bursts per round', 3, 1, 100, 'a whole number of bursts', 'bursts');
    }

    public function name(): string
    {
        return 'foreground';
    }

    public function help(): string
    {
        return '';
    }

    public function runsPhp(): bool
    {
        return false;
    }

    public function loadsTogether(): bool
    {
        return false;
    }

    public function binaries(): array
    {
        return [];
    }

    public function settings(): array
    {
        return [self::bursts($this->key)];
    }

    public function describe(LoadSettings $settings): string
    {
        return 'foreground';
    }

    public function generator(ProcessRunner $runner, Binaries $binaries, ?string $user): LoadGenerator
    {
        return new class implements LoadGenerator {
            public function name(): string
            {
                return 'foreground';
            }

            public function warmsUpInEachRun(): bool
            {
                return false;
            }

            public function run(LoadTarget $target, LoadSettings $settings, float $duration): LoadResult
            {
                throw new \LogicException('Not run here.');
            }
        };
    }
}
