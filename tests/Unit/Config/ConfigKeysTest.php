<?php

declare(strict_types=1);

namespace Preheat\Tests\Unit\Config;

use PHPUnit\Framework\TestCase;
use Preheat\Config\Bound;
use Preheat\Config\ConfigKey;
use Preheat\Config\ConfigKeys;
use Preheat\Config\JsonType;

/** The table of preheat.json's keys: each declared once, under an object it declares, each range with its key. */
final class ConfigKeysTest extends TestCase
{
    public function testEveryKeyIsDeclaredOnceUnderAnObjectTheTableDeclares(): void
    {
        $paths = array_map(static fn (ConfigKey $key): string => $key->path, ConfigKeys::all());
        $objects = array_map(
            static fn (ConfigKey $key): string => JsonType::Pages === $key->type ? $key->path.'[]' : $key->path,
            array_filter(ConfigKeys::all(), static fn (ConfigKey $key): bool => \in_array(
                $key->type,
                [JsonType::Object, JsonType::Pages],
                true,
            )),
        );

        self::assertSame($paths, array_values(array_unique($paths)));
        foreach (ConfigKeys::all() as $key) {
            self::assertContains($key->parent(), ['', ...$objects], $key->path.' is in no object of the table');
        }
    }

    public function testEveryBoundIsTheRangeOfTheKeyItNames(): void
    {
        $bounds = [];
        foreach (ConfigKeys::all() as $key) {
            if (null !== $key->bound) {
                self::assertSame($key->bound->key(), $key->path);
                self::assertSame(
                    $key->bound->isInteger(),
                    JsonType::Integer === $key->type,
                    $key->path.': a whole number or not, as its range says',
                );
                $bounds[] = $key->bound;
            }
        }

        self::assertEqualsCanonicalizing(Bound::cases(), $bounds, 'every range is of one key of the file');
    }

    public function testTheKeysUnderAnObjectAreInTheTablesOrder(): void
    {
        self::assertSame(['$schema', 'generate', 'bench'], ConfigKeys::under(''));
        self::assertSame(['path', 'expect'], ConfigKeys::under('bench.urls[]'));
        self::assertSame(['adapter', 'entry', 'maxRequests', 'maxBodyBytes'], ConfigKeys::under('bench.worker'));
        self::assertNotContains(Bound::MaxTime, ConfigKeys::benchBounds(), 'maxTime is read as a duration');
        self::assertNotContains(Bound::WorkerMaxRequests, ConfigKeys::benchBounds(), 'checked with the worker');
    }
}
