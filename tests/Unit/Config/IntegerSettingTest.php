<?php

declare(strict_types=1);

namespace Preheat\Tests\Unit\Config;

use PHPUnit\Framework\TestCase;
use Preheat\Config\IntegerSetting;
use Preheat\Config\IntegerSettings;
use Preheat\ConfigError;

/** A setting an extension declares: its key, option, help and range, and the messages that name them. */
final class IntegerSettingTest extends TestCase
{
    public function testItsKeyGivesItsPathOptionHelpAndSchemaEntry(): void
    {
        $setting = self::warmup();

        self::assertSame('bench.callgrindWarmup', $setting->path());
        self::assertSame('callgrind-warmup', $setting->option());
        self::assertSame('Requests first (default 2; preheat.json: bench.callgrindWarmup)', $setting->help());
        self::assertSame('bench', $setting->configKey()->parent());
        self::assertSame('callgrindWarmup', $setting->configKey()->name());
    }

    public function testEachBoundIsCheckedWithAMessageNamingTheKey(): void
    {
        $setting = self::warmup();
        $messages = [];
        foreach ([
            static fn () => $setting->checkInFile('/app/preheat.json', 0),
            static fn () => $setting->checkMinimum(0),
            static fn () => $setting->checkMaximum(11),
            static fn () => $setting->checkMaximum(11, '--callgrind-warmup'),
        ] as $check) {
            try {
                $check();
                self::fail('accepted');
            } catch (ConfigError $error) {
                $messages[] = $error->getMessage();
            }
        }
        $setting->checkInFile('/app/preheat.json', 1);
        $setting->checkMaximum(10);

        self::assertSame([
            'Invalid /app/preheat.json key bench.callgrindWarmup 0: expected a whole number of requests, at least 1.',
            'Invalid callgrindWarmup 0: the first request compiles.',
            'Invalid callgrindWarmup 11: at most 10 (requests are slow); lower preheat.json\'s bench.callgrindWarmup.',
            'Invalid callgrindWarmup 11: at most 10 (requests are slow); lower --callgrind-warmup (preheat.json:'
            .' bench.callgrindWarmup).',
        ], $messages);
    }

    public function testTheValuesGivenOverTheDefaults(): void
    {
        $values = (new IntegerSettings())->with(self::warmup(), 4)->with(self::warmup(), 5);

        self::assertSame(5, $values->of(self::warmup()), 'the last given');
        self::assertSame(2, (new IntegerSettings())->of(self::warmup()), 'the default');
        self::assertCount(1, $values->all());
    }

    public function testADefaultOutsideItsRangeIsABug(): void
    {
        $this->expectException(\LogicException::class);
        new IntegerSetting('bad', 'Bad', 0, 1, 10, 'a number', 'why');
    }

    private static function warmup(): IntegerSetting
    {
        return new IntegerSetting(
            'callgrindWarmup',
            'Requests first',
            2,
            1,
            10,
            'a whole number of requests',
            'requests are slow',
            'the first request compiles',
        );
    }
}
