<?php

declare(strict_types=1);

namespace Preheat\Tests\Unit\Util;

use PHPUnit\Framework\TestCase;
use Preheat\Tests\Support\TemporaryDirectory;
use Preheat\Util\BoundedRead;
use Preheat\Util\BoundedReadError;

final class BoundedReadTest extends TestCase
{
    private TemporaryDirectory $directory;

    protected function setUp(): void
    {
        $this->directory = new TemporaryDirectory('preheat-bounded-');
    }

    protected function tearDown(): void
    {
        $this->directory->remove();
    }

    public function testReadsAFileUpToTheLimit(): void
    {
        file_put_contents($this->directory->path.'/a', str_repeat('x', 10));

        self::assertSame(str_repeat('x', 10), BoundedRead::file($this->directory->path.'/a', 10));
    }

    public function testASmallFileUnderALargeLimitTakesAboutItsOwnSize(): void
    {
        file_put_contents($this->directory->path.'/cache', str_repeat('x', 1048576));
        memory_reset_peak_usage();
        $before = memory_get_peak_usage();

        $content = BoundedRead::file($this->directory->path.'/cache', 256 * 1048576);

        self::assertSame(1048576, \strlen($content));
        self::assertLessThan(4 * 1048576, memory_get_peak_usage() - $before, 'not the 256 MB the limit allows');
    }

    public function testAnOpenFileIsReadAsItIsWhenReadNotAsItWasWhenOpened(): void
    {
        $path = $this->directory->path.'/growing';
        file_put_contents($path, str_repeat('a', 1000));
        $handle = fopen($path, 'r');
        self::assertIsResource($handle);
        file_put_contents($path, str_repeat('b', 3 * 1048576), \FILE_APPEND);

        self::assertSame(1000 + 3 * 1048576, \strlen(BoundedRead::rest($handle, $path, 4 * 1048576)));
        rewind($handle);
        try {
            BoundedRead::rest($handle, $path, 2 * 1048576);
            self::fail('past the limit');
        } catch (BoundedReadError $error) {
            self::assertStringContainsString('it is larger than 2 MB', $error->getMessage());
        } finally {
            fclose($handle);
        }
    }

    public function testRefusesALargerFileNamingItAndTheLimit(): void
    {
        file_put_contents($this->directory->path.'/big.json', str_repeat('x', 3 * 1048576 + 1));

        try {
            BoundedRead::file($this->directory->path.'/big.json', 3 * 1048576);
            self::fail('read');
        } catch (BoundedReadError $error) {
            self::assertSame($this->directory->path.'/big.json: it is larger than 3 MB.', $error->getMessage());
            self::assertTrue($error->isTooLarge());
        }
    }

    public function testRefusesWhatIsNotARegularFileWithoutWaiting(): void
    {
        posix_mkfifo($this->directory->path.'/fifo', 0o600);

        foreach (['fifo' => 'it is not a regular file', '' => 'it is a directory', 'none' => 'no such file'] as $name => $why) {
            try {
                BoundedRead::file($this->directory->path.'/'.$name, 100);
                self::fail($name.' was read');
            } catch (BoundedReadError $error) {
                self::assertSame($why, $error->reason);
            }
        }
        unlink($this->directory->path.'/fifo'); // the temporary directory removes only files and directories
    }

    public function testRefusesJsonDeeperThanTheLimit(): void
    {
        file_put_contents($this->directory->path.'/deep.json', str_repeat('[', 100).str_repeat(']', 100));

        $this->expectException(\JsonException::class);
        BoundedRead::json($this->directory->path.'/deep.json', 1000);
    }

    public function testDecodesJsonToArraysOrObjects(): void
    {
        file_put_contents($this->directory->path.'/a.json', '{"a": {"b": 1}}');

        self::assertSame(['a' => ['b' => 1]], BoundedRead::json($this->directory->path.'/a.json', 100));
        self::assertInstanceOf(\stdClass::class, BoundedRead::json($this->directory->path.'/a.json', 100, false));
    }

    public function testOrNullIsNullWhereFileWouldRefuse(): void
    {
        file_put_contents($this->directory->path.'/a.ini', str_repeat('x', 11));

        self::assertSame(str_repeat('x', 11), BoundedRead::orNull($this->directory->path.'/a.ini', 11));
        self::assertNull(BoundedRead::orNull($this->directory->path.'/a.ini', 10));
        self::assertNull(BoundedRead::orNull($this->directory->path, 10));
    }
}
