<?php

declare(strict_types=1);

namespace Preheat\Tests\Unit\Config;

use PHPUnit\Framework\TestCase;
use Preheat\Config\PreheatJson;
use Preheat\ConfigError;
use Preheat\Tests\Support\TemporaryDirectory;

/** The one reader of preheat.json and the sections each command reads of it. */
final class PreheatJsonTest extends TestCase
{
    private TemporaryDirectory $directory;

    protected function setUp(): void
    {
        $this->directory = new TemporaryDirectory();
    }

    protected function tearDown(): void
    {
        $this->directory->remove();
    }

    public function testWithoutAFileEverySectionIsItsDefault(): void
    {
        $config = PreheatJson::read($this->directory->path);

        self::assertSame([], $config->generate()->paths);
        self::assertNull($config->usage()->store);
        self::assertNull($config->usage()->hot->coverage);
        self::assertTrue($config->usage()->hot->autoBudget);
    }

    public function testGenerateAndUsageAreTyped(): void
    {
        $this->write('{"generate": {"paths": ["app"], "ignore": ["app/Old"]}, "bench": {"usage": "u.log",'
            .' "hot": {"coverage": 0.9, "budget": "12M"}}}');
        $config = PreheatJson::read($this->directory->path);

        self::assertSame(['app'], $config->generate()->paths);
        self::assertSame(['app/Old'], $config->generate()->ignore);
        self::assertSame('u.log', $config->usage()->store);
        self::assertSame(0.9, $config->usage()->hot->coverage);
    }

    public function testUsageChecksHotButLeavesTheOtherBenchKeysToTheBench(): void
    {
        $this->write('{"bench": {"duraton": 1, "hot": {"minShare": 0.1}}}');
        $config = PreheatJson::read($this->directory->path);
        self::assertSame(0.1, $config->usage()->hot->minShare);

        $this->expectException(ConfigError::class);
        $this->expectExceptionMessage('unknown key "bench.duraton". Did you mean "bench.duration"?');
        $config->bench();
    }

    public function testAHotValueOfTheWrongTypeNamesTheFileAndTheKey(): void
    {
        $file = $this->write('{"bench": {"hot": {"coverage": "0.9"}}}');

        $this->expectException(ConfigError::class);
        $this->expectExceptionMessage($file.' key bench.hot.coverage "0.9": expected a number, e.g. 0.99');
        PreheatJson::read($this->directory->path)->usage();
    }

    public function testAGenerateSectionThatIsAListIsRefused(): void
    {
        $file = $this->write('{"generate": ["src"]}');

        $this->expectException(ConfigError::class);
        $this->expectExceptionMessage($file.' key generate ["src"]: expected an object');
        PreheatJson::read($this->directory->path)->generate();
    }

    private function write(string $json): string
    {
        $file = $this->directory->path.'/preheat.json';
        file_put_contents($file, $json);

        return $file;
    }
}
