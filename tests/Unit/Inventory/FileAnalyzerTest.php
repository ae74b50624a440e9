<?php

declare(strict_types=1);

namespace Preheat\Tests\Unit\Inventory;

use PHPUnit\Framework\Attributes\DataProvider;
use PHPUnit\Framework\TestCase;
use Preheat\Inventory\FileAnalyzer;

/**
 * Fixture-file tests: each tests/Fixtures/analyzer/*.test holds PHP code, a line of dashes, and the
 * inventory expected for it as JSON. Set PREHEAT_UPDATE_FIXTURES=1 to rewrite the expectations.
 */
final class FileAnalyzerTest extends TestCase
{
    private const SEPARATOR = "\n-----\n";

    #[DataProvider('fixtures')]
    public function testAnalyzesFixture(string $file): void
    {
        [$code, $expected] = explode(self::SEPARATOR, (string) file_get_contents($file), 2);
        $inventory = (new FileAnalyzer())->analyzeCode('/fixture.php', $code)->toArray();
        unset($inventory['path'], $inventory['size'], $inventory['mtime']);
        $actual = json_encode($inventory, \JSON_PRETTY_PRINT | \JSON_UNESCAPED_SLASHES)."\n";

        if ('1' === getenv('PREHEAT_UPDATE_FIXTURES')) {
            file_put_contents($file, $code.self::SEPARATOR.$actual);
        }
        self::assertSame($expected, $actual);
    }

    /** @return iterable<string, array{string}> */
    public static function fixtures(): iterable
    {
        foreach (glob(__DIR__.'/../../Fixtures/analyzer/*.test') ?: [] as $file) {
            yield basename($file, '.test') => [$file];
        }
    }

    public function testAnUnreadableFileIsRecordedNotFatal(): void
    {
        $inventory = (new FileAnalyzer())->analyze('/nonexistent/preheat/file.php');

        self::assertNotNull($inventory->parseError);
        self::assertStringContainsString('cannot be read', $inventory->parseError);
    }
}
