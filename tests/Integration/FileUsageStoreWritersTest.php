<?php

declare(strict_types=1);

namespace Preheat\Tests\Integration;

use PHPUnit\Framework\Attributes\Group;
use PHPUnit\Framework\TestCase;
use Preheat\Tests\Support\TemporaryDirectory;
use Preheat\Usage\FileUsageStore;
use Preheat\Usage\RecorderFile;
use Preheat\Usage\UsageBatch;
use Symfony\Component\Process\Exception\ProcessSignaledException;
use Symfony\Component\Process\Process;

/** Real writer processes appending to one file store: killed mid-line, or two at once. */
#[Group('integration')]
final class FileUsageStoreWritersTest extends TestCase
{
    /**
     * Appends batches of one request each, every file counted once, forever or $argv[2] times.
     * $argv[3] files per batch, named after $argv[4].
     */
    private const WRITER = <<<'PHP'
        require $argv[1];
        $sink = new Preheat\Recorder\FileSink($argv[2], 10.0);
        $files = [];
        for ($i = 0; $i < (int) $argv[4]; ++$i) {
            $files['/srv/app/vendor/'.$argv[5].'/package-'.$i.'/src/Some/Rather/Long/ClassName'.$i.'.php'] = 1;
        }
        for ($n = 0; $n < (int) $argv[3]; ++$n) {
            $sink->write([['server' => $argv[5], 'pid' => getmypid(), 'from' => $n, 'to' => $n, 'requests' => 1, 'files' => $files]]);
        }
        PHP;

    private TemporaryDirectory $directory;

    protected function setUp(): void
    {
        $this->directory = new TemporaryDirectory();
    }

    protected function tearDown(): void
    {
        $this->directory->remove();
    }

    public function testAWriterKilledMidLineDamagesOnlyItsOwnRecord(): void
    {
        $torn = 0;
        for ($round = 0; $round < 4; ++$round) {
            $path = $this->directory->path."/usage-$round.log";
            // About 6 MB a line: writing one takes long enough for the kill to land inside it.
            $writer = $this->writer($path, \PHP_INT_MAX, 60000, 'killed');
            $writer->start();
            $pid = (int) $writer->getPid();
            $this->killMidLine($path, $pid, $writer);

            $complete = $this->completeRecords($path);
            $tornNow = $this->endsMidLine($path) ? 1 : 0;
            $torn += $tornNow;
            $store = new FileUsageStore($path);
            $usage = $store->read();
            self::assertGreaterThan(0, $complete);
            self::assertSame($complete, $usage->requests, 'every complete record counts');
            self::assertSame($complete, $usage->reading->batches);
            self::assertSame($tornNow, $usage->reading->skippedRecords, 'at most the torn last line is skipped');
            self::assertSame(array_fill_keys(array_keys($usage->fileCounts), $complete), $usage->fileCounts);
            self::assertCount(60000, $usage->fileCounts);

            // The next writer ends the torn line first: its own record is whole.
            $store->append(new UsageBatch(1, ['/after.php' => 1], 1, 1, 'next'));
            $after = $store->read();
            self::assertSame($complete + 1, $after->requests);
            self::assertSame(1, $after->fileCounts['/after.php']);
            self::assertSame($tornNow, $after->reading->skippedRecords);
            if ($torn > 0) {
                break;
            }
        }
        // The kill lands while write() copies the line (it is killed between two pages): torn for real.
        self::assertGreaterThan(0, $torn, 'no kill in 4 rounds landed inside a write');
    }

    public function testTwoWritersAtOnceLoseNothing(): void
    {
        $path = $this->directory->path.'/usage.log';
        $writers = [$this->writer($path, 500, 40, 'alpha'), $this->writer($path, 500, 40, 'beta')];
        foreach ($writers as $writer) {
            $writer->start();
        }
        foreach ($writers as $writer) {
            $writer->wait();
            self::assertSame(0, $writer->getExitCode(), $writer->getErrorOutput());
        }

        $usage = (new FileUsageStore($path))->read();

        self::assertSame(1000, $usage->requests);
        self::assertSame(1000, $usage->reading->batches);
        self::assertSame(0, $usage->reading->skippedRecords);
        self::assertSame(['alpha', 'beta'], $usage->servers);
        self::assertCount(80, $usage->fileCounts);
        self::assertSame([500], array_values(array_unique($usage->fileCounts)));
    }

    private function writer(string $path, int $batches, int $files, string $name): Process
    {
        return new Process([\PHP_BINARY, '-d', 'memory_limit=1G', '-r', self::WRITER, RecorderFile::path(), $path, (string) $batches, (string) $files, $name], null, null, null, 60);
    }

    /**
     * Waits for a first whole record, then until the next one is being written (the file does not end
     * with "\n"), then SIGKILLs the writer.
     */
    private function killMidLine(string $path, int $pid, Process $writer): void
    {
        $deadline = microtime(true) + 10;
        $whole = false;
        while (microtime(true) < $deadline && $writer->isRunning()) {
            clearstatcache(true, $path);
            if (is_file($path) && filesize($path) > 0) {
                $midLine = $this->endsMidLine($path);
                if ($whole && $midLine) {
                    break;
                }
                $whole = $whole || !$midLine;
            }
        }
        self::assertTrue($writer->isRunning(), 'the writer stopped: '.$writer->getErrorOutput());
        posix_kill($pid, \SIGKILL);
        try {
            $writer->wait();
            self::fail('the writer was not killed');
        } catch (ProcessSignaledException $e) {
            self::assertSame(\SIGKILL, $e->getSignal());
        }
    }

    private function endsMidLine(string $path): bool
    {
        $handle = fopen($path, 'r');
        if (false === $handle) {
            return false;
        }
        $size = fstat($handle)['size'] ?? 0;
        $last = $size > 0 && 0 === fseek($handle, $size - 1) ? fread($handle, 1) : "\n";
        fclose($handle);

        return "\n" !== $last;
    }

    private function completeRecords(string $path): int
    {
        $complete = 0;
        $handle = fopen($path, 'r');
        self::assertNotFalse($handle);
        while (false !== ($line = fgets($handle))) {
            if (str_ends_with($line, "\n") && \is_array(json_decode($line, true))) {
                ++$complete;
            }
        }
        fclose($handle);

        return $complete;
    }
}
