<?php

declare(strict_types=1);

namespace Preheat\Tests\Unit\Inventory;

use PHPUnit\Framework\TestCase;
use Preheat\Inventory\FileAnalyzer;
use Preheat\Inventory\ParseWorker;
use Preheat\Tests\Support\TemporaryDirectory;

/** A worker's result file, written in batches and read back batch by batch: every file, or nothing. */
final class ParseWorkerTest extends TestCase
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

    public function testAShareOfSeveralBatchesIsReadBackWhole(): void
    {
        $paths = $this->files(1201);
        $result = $this->directory->path.'/result';
        $progress = fopen('php://memory', 'w');
        self::assertIsResource($progress);

        self::assertTrue(ParseWorker::run(new FileAnalyzer(), $paths, $result, $progress));
        $parsed = ParseWorker::read($result, 1201);

        self::assertNotNull($parsed);
        self::assertSame($paths, array_keys($parsed));
        self::assertSame('App\\C1200', $parsed[$paths[1200]]->inventory->classLikes()[0]->name);
        // Three batches of at most 500, each behind its length.
        $bytes = (string) file_get_contents($result);
        $batches = 0;
        for ($at = 0; $at < \strlen($bytes); ++$batches) {
            $at += 4 + (int) (unpack('N', substr($bytes, $at, 4)) ?: [1 => 0])[1];
        }
        self::assertSame(3, $batches);
    }

    public function testAResultCutShortOrOfAnotherCountIsNone(): void
    {
        $paths = $this->files(600);
        $result = $this->directory->path.'/result';
        $progress = fopen('php://memory', 'w');
        self::assertIsResource($progress);
        self::assertTrue(ParseWorker::run(new FileAnalyzer(), $paths, $result, $progress));

        self::assertNull(ParseWorker::read($result, 601), 'a file missing');
        $bytes = (string) file_get_contents($result);
        file_put_contents($result, substr($bytes, 0, -10));
        self::assertNull(ParseWorker::read($result, 600), 'the last batch cut short');
        file_put_contents($result, "\xff\xff\xff\xff".substr($bytes, 4));
        self::assertNull(ParseWorker::read($result, 600), 'a length no batch has');
        self::assertNull(ParseWorker::read($this->directory->path.'/none', 0), 'no file');
    }

    /** @return list<string> */
    private function files(int $count): array
    {
        $paths = [];
        for ($i = 0; $i < $count; ++$i) {
            $path = $this->directory->path.'/src/C'.$i.'.php';
            @mkdir(\dirname($path), 0o777, true);
            file_put_contents($path, "<?php\nnamespace App;\nfinal class C$i\n{\n}\n");
            $paths[] = $path;
        }

        return $paths;
    }
}
