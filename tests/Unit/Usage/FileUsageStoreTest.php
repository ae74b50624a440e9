<?php

declare(strict_types=1);

namespace Preheat\Tests\Unit\Usage;

use PHPUnit\Framework\TestCase;
use Preheat\Tests\Support\TemporaryDirectory;
use Preheat\Usage\FileUsageStore;
use Preheat\Usage\UsageBatch;
use Preheat\Usage\UsageStoreError;

final class FileUsageStoreTest extends TestCase
{
    private TemporaryDirectory $directory;
    private string $path;

    protected function setUp(): void
    {
        $this->directory = new TemporaryDirectory();
        $this->path = $this->directory->path.'/usage.log';
    }

    protected function tearDown(): void
    {
        $this->directory->remove();
    }

    public function testWhatIsAppendedIsReadBackAddedUp(): void
    {
        $store = new FileUsageStore($this->path);
        $store->append(new UsageBatch(3, ['/app/a.php' => 3, '/app/b.php' => 1], 1000, 1060, 'web2'));
        $store->append(new UsageBatch(2, ['/app/a.php' => 2, '/app/c.php' => 2], 900, 1200, 'web1', 7));

        $usage = $store->read();

        self::assertSame(5, $usage->requests);
        self::assertSame(['/app/a.php' => 5, '/app/b.php' => 1, '/app/c.php' => 2], $usage->fileCounts);
        self::assertSame([900, 1200], [$usage->from, $usage->to]);
        self::assertSame(['web1', 'web2'], $usage->servers);
        self::assertSame(2, $usage->reading->batches);
        self::assertSame(0, $usage->reading->skippedRecords);
        self::assertSame(7, $usage->reading->droppedRequests);

        $lines = file($this->path, \FILE_IGNORE_NEW_LINES) ?: [];
        self::assertCount(2, $lines);
        self::assertMatchesRegularExpression(
            '~^\{"v":2,"server":"web2","pid":\d+,"from":1000,"to":1060,"requests":3,'
            .'"files":\{"/app/a.php":3,"/app/b.php":1\}\}$~',
            $lines[0],
        );
        self::assertStringContainsString('"requests":2,"dropped":7,"files":{', $lines[1]);
    }

    public function testATornLastLineIsSkippedAndTheRecordsBeforeItAreIntact(): void
    {
        $store = new FileUsageStore($this->path);
        $store->append(new UsageBatch(1, ['/a.php' => 1], 10, 10, 'web1'));
        $store->append(new UsageBatch(2, ['/a.php' => 2, '/b.php' => 1], 20, 20, 'web1'));
        $whole = (string) file_get_contents($this->path);
        file_put_contents($this->path, substr($whole, 0, \strlen($whole) - 9)); // the second record lost its end

        $usage = $store->read();
        self::assertSame(1, $usage->requests);
        self::assertSame(['/a.php' => 1], $usage->fileCounts);
        self::assertSame(1, $usage->reading->skippedRecords);

        // The next writer ends the torn line first, so that its own record stays whole.
        $store->append(new UsageBatch(4, ['/c.php' => 4], 30, 30, 'web1'));
        $usage = $store->read();
        self::assertSame(5, $usage->requests);
        self::assertSame(['/a.php' => 1, '/c.php' => 4], $usage->fileCounts);
        self::assertSame(1, $usage->reading->skippedRecords);
        self::assertCount(3, file($this->path) ?: []);
    }

    public function testGarbageInTheMiddleIsSkippedAndCounted(): void
    {
        $store = new FileUsageStore($this->path);
        $store->append(new UsageBatch(1, ['/a.php' => 1], 10, 10, 'web1'));
        file_put_contents(
            $this->path,
            "\0\0garbage{not json\n{\"v\":1,\"server\":\"x\"}\n[1,2]\n"
            .'{"v":1,"server":"x","pid":1,"from":1,"to":1,"requests":1,'
            ."\"files\":{\"/a.php\":\"many\"}}\n\n",
            \FILE_APPEND,
        );
        $store->append(new UsageBatch(2, ['/a.php' => 2], 20, 20, 'web1'));

        $usage = $store->read();

        self::assertSame(3, $usage->requests);
        self::assertSame(['/a.php' => 3], $usage->fileCounts);
        self::assertSame(
            4,
            $usage->reading->skippedRecords,
            'garbage, a record missing fields, a list, a count that is not a number; not the empty line',
        );
        self::assertSame(2, $usage->reading->batches);
    }

    public function testRecordsOfAnotherFormatVersionAreRefused(): void
    {
        file_put_contents($this->path, "{\"v\":3,\"server\":\"web1\",\"requests\":1,\"files\":{}}\n");

        $this->expectException(UsageStoreError::class);
        $this->expectExceptionMessage(
            'The usage store '.$this->path.' was written by an incompatible version of the recorder '
            .'(format 3; this Preheat reads formats 1 and 2)',
        );
        (new FileUsageStore($this->path))->read();
    }

    public function testAMissingFileSaysHowToRecord(): void
    {
        $this->expectException(UsageStoreError::class);
        $this->expectExceptionMessage(
            'No usage recorded at "'.$this->path.'": the file does not exist. '
            .'Enable the recorder (preheat record --install)',
        );
        (new FileUsageStore($this->path))->read();
    }

    public function testAnEmptyFileIsAnEmptySnapshot(): void
    {
        touch($this->path);

        self::assertTrue((new FileUsageStore($this->path))->read()->isEmpty());
    }

    public function testAppendingWhereNoDirectoryIsNamesIt(): void
    {
        $this->expectException(UsageStoreError::class);
        $this->expectExceptionMessage(
            'Cannot write to the usage store '.$this->directory->path.'/nope/usage.log: '
            .'directory '.$this->directory->path.'/nope does not exist.',
        );
        (new FileUsageStore($this->directory->path.'/nope/usage.log'))->append(new UsageBatch(1, [], 1, 1));
    }

    public function testALineOverTheLimitIsSkippedWithoutBeingHeldAndSaidWithTheStoreAndTheLimit(): void
    {
        $batch = '{"v":2,"server":"web1","from":1000,"to":1060,"requests":10,"files":{"/app/a.php":10}}';
        $handle = fopen($this->path, 'w');
        self::assertNotFalse($handle);
        fwrite($handle, $batch."\n");
        for ($i = 0; $i < 20; ++$i) {
            fwrite($handle, str_repeat('x', 1024 * 1024)); // 20 MB with no newline, over the limit of 1 MB
        }
        fwrite($handle, "\n".$batch."\n".str_repeat('y', 3 * 1024 * 1024)); // and a torn last line over it too
        fclose($handle);
        memory_reset_peak_usage();
        $before = memory_get_usage();

        $usage = (new FileUsageStore($this->path, 1024 * 1024))->read();

        self::assertLessThan(4 * 1024 * 1024, memory_get_peak_usage() - $before);
        self::assertSame(20, $usage->requests);
        self::assertSame(2, $usage->reading->skippedRecords);
        self::assertSame(
            [$this->path.': 2 lines longer than 1 MB skipped (a record of the recorder is far shorter): is it a usage store?'],
            $usage->reading->warnings,
        );
    }
}
