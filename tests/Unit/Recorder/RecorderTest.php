<?php

declare(strict_types=1);

namespace Preheat\Tests\Unit\Recorder;

use PHPUnit\Framework\TestCase;
use Preheat\Recorder\Config;
use Preheat\Recorder\FileSink;
use Preheat\Recorder\OwnDirectory;
use Preheat\Recorder\Recorder;
use Preheat\Recorder\RedisSink;
use Preheat\Tests\Support\TemporaryDirectory;
use Preheat\Usage\FileUsageStore;
use Preheat\Usage\RecorderFile;

/** The recorder's work for one sampled request, in this process, with the per-worker buffer in a file. */
final class RecorderTest extends TestCase
{
    private TemporaryDirectory $directory;
    private string $store;

    protected function setUp(): void
    {
        RecorderFile::load();
        $this->directory = new TemporaryDirectory();
        $this->store = $this->directory->path.'/usage.log';
    }

    protected function tearDown(): void
    {
        $this->directory->remove();
    }

    public function testAWorkerAddsRequestsUpAndWritesABatchWhenItIsFull(): void
    {
        $config = $this->config(['batch' => 3]);
        Recorder::recordRequest($config, ['/app/index.php', '/app/a.php'], 100);
        Recorder::recordRequest($config, ['/app/index.php'], 101);

        self::assertFileDoesNotExist($this->store);
        self::assertCount(1, $this->buffers());

        Recorder::recordRequest($config, ['/app/index.php', '/app/b.php'], 102);

        $usage = (new FileUsageStore($this->store))->read();
        self::assertSame(3, $usage->requests);
        self::assertSame(['/app/index.php' => 3, '/app/a.php' => 1, '/app/b.php' => 1], $usage->fileCounts);
        self::assertSame([100, 102], [$usage->from, $usage->to]);
        self::assertSame(['web1'], $usage->servers);
        self::assertSame([], $this->buffers(), 'nothing left to keep');
    }

    public function testAWorkerWritesAtLeastEveryFlushSeconds(): void
    {
        $config = $this->config(['batch' => 50, 'flushSeconds' => 60]);
        Recorder::recordRequest($config, ['/a.php'], 100);
        Recorder::recordRequest($config, ['/a.php'], 159);
        self::assertFileDoesNotExist($this->store);

        Recorder::recordRequest($config, ['/a.php'], 160);
        self::assertSame(3, (new FileUsageStore($this->store))->read()->requests);
    }

    public function testTheLastRequestOfAProcessIsWrittenAtOnce(): void
    {
        Recorder::recordRequest($this->config(['batch' => 50]), ['/a.php'], 100, lastInProcess: true);

        self::assertSame(1, (new FileUsageStore($this->store))->read()->requests);
        self::assertSame([], $this->buffers());
    }

    public function testOnlyFilesUnderBaseCountAndNeverTheRecorderOrExcludedFiles(): void
    {
        $config = $this->config(['batch' => 1, 'base' => ['/app/src', '/app/vendor/'], 'exclude' => ['/app/src/boot.php']]);
        Recorder::recordRequest($config, ['/app/public/index.php', '/app/src/boot.php', '/app/src/A.php', '/app/srcx/B.php', '/app/vendor/autoload.php', (string) realpath(RecorderFile::path())], 100);

        self::assertSame(['/app/src/A.php' => 1, '/app/vendor/autoload.php' => 1], (new FileUsageStore($this->store))->read()->fileCounts);
        self::assertArrayHasKey((string) realpath(RecorderFile::path()), Config::fromArray($config)->exclude);
    }

    public function testCountsSurviveAStoreThatIsDownAndAreWrittenLater(): void
    {
        $store = $this->directory->path.'/later/usage.log';
        $config = $this->config(['batch' => 1, 'store' => $store]);
        Recorder::recordRequest($config, ['/a.php'], 100);
        Recorder::recordRequest($config, ['/a.php', '/b.php'], 100); // retries wait a second after a failure

        self::assertCount(1, $this->buffers());
        mkdir(\dirname($store));
        Recorder::recordRequest($config, ['/a.php'], 200);

        $usage = (new FileUsageStore($store))->read();
        self::assertSame(3, $usage->requests);
        self::assertSame(['/a.php' => 3, '/b.php' => 1], $usage->fileCounts);
        self::assertSame(3, $usage->reading->batches);
        self::assertSame(0, $usage->reading->droppedRequests);
        self::assertSame([], $this->buffers());
    }

    public function testWhileTheStoreIsDownAWorkerKeepsTenBatchesAndCountsWhatItDrops(): void
    {
        $store = $this->directory->path.'/later/usage.log';
        $config = $this->config(['batch' => 2, 'store' => $store]);
        for ($i = 0; $i < 30; ++$i) {
            Recorder::recordRequest($config, ['/a.php'], 1000 + $i * 100);
        }
        mkdir(\dirname($store));
        Recorder::recordRequest($config, ['/a.php'], 9000);

        $usage = (new FileUsageStore($store))->read();
        self::assertSame(Recorder::MAX_PENDING, $usage->reading->batches);
        self::assertSame(20, $usage->requests, 'the newest ten batches of two');
        self::assertSame(10, $usage->reading->droppedRequests, 'the five oldest batches');
        self::assertCount(1, $this->buffers(), 'the last request waits for its batch');
    }

    public function testTheCountsOfAWorkerThatDiedAreTakenOverOnce(): void
    {
        $config = $this->config(['batch' => 2]);
        $deadPid = $this->deadPid();
        $namespace = Config::fromArray($config)->namespace();
        $orphan = ['v' => Recorder::FORMAT, 'pid' => $deadPid, 'open' => ['requests' => 1, 'files' => ['/old.php' => 1], 'from' => 50, 'to' => 50], 'pending' => [], 'dropped' => 0, 'failures' => 0, 'retryAt' => 0];
        file_put_contents($this->directory->path."/preheat-recorder-$namespace-$deadPid-a.buf", serialize(['gen' => 1, 'open' => ['requests' => 9, 'files' => ['/older.php' => 9], 'from' => 40, 'to' => 40]] + $orphan));
        file_put_contents($this->directory->path."/preheat-recorder-$namespace-$deadPid-b.buf", serialize(['gen' => 2] + $orphan)); // the newer slot: it died before deleting the older
        $alive = 1 === getmypid() ? 2 : 1; // pid 1 runs
        file_put_contents($this->directory->path."/preheat-recorder-$namespace-$alive-a.buf", serialize(['pid' => $alive] + $orphan));

        Recorder::recordRequest($config, ['/a.php'], 100);
        Recorder::recordRequest($config, ['/a.php'], 101);

        $usage = (new FileUsageStore($this->store))->read();
        self::assertSame(3, $usage->requests);
        self::assertEquals(['/old.php' => 1, '/a.php' => 2], $usage->fileCounts);
        self::assertSame([50, 101], [$usage->from, $usage->to]);
        self::assertSame([$this->directory->path."/preheat-recorder-$namespace-$alive-a.buf"], $this->buffers(), 'a running worker keeps its own');
    }

    public function testABrokenBufferStartsAfresh(): void
    {
        $config = $this->config(['batch' => 2]);
        Recorder::recordRequest($config, ['/a.php'], 100);
        file_put_contents($this->buffers()[0], 'O:8:"stdClass":0:{}');
        Recorder::recordRequest($config, ['/a.php'], 101);
        Recorder::recordRequest($config, ['/a.php'], 102);

        self::assertSame(2, (new FileUsageStore($this->store))->read()->requests);
    }

    public function testEachSaveWritesTheOtherSlotThenDeletesTheOldOne(): void
    {
        $config = $this->config(['batch' => 10]);
        Recorder::recordRequest($config, ['/a.php'], 100);
        [$first] = $this->buffers();
        Recorder::recordRequest($config, ['/a.php'], 101);
        [$second] = $this->buffers();
        self::assertNotSame($first, $second);

        // A worker killed between writing a slot and deleting the other leaves both: the newest wins.
        copy($second, $first);
        $older = unserialize((string) file_get_contents($first));
        self::assertIsArray($older);
        file_put_contents($first, serialize(['gen' => $older['gen'] - 1, 'open' => ['requests' => 1, 'files' => ['/a.php' => 1], 'from' => 100, 'to' => 100]] + $older));
        Recorder::recordRequest($config, ['/a.php'], 102, lastInProcess: true);

        $usage = (new FileUsageStore($this->store))->read();
        self::assertSame(3, $usage->requests);
        self::assertSame([], $this->buffers(), 'both slots gone once written');
    }

    public function testALinkPlantedAtABufferPathIsNotFollowed(): void
    {
        $config = $this->config(['batch' => 10]);
        $namespace = Config::fromArray($config)->namespace();
        $victim = $this->directory->path.'/victim.txt';
        file_put_contents($victim, 'keep');
        $slotA = $this->directory->path."/preheat-recorder-$namespace-".getmypid().'-a.buf';
        $slotB = $this->directory->path."/preheat-recorder-$namespace-".getmypid().'-b.buf';
        symlink($victim, $slotA);
        symlink($this->directory->path.'/created-through-link', $slotB);

        Recorder::recordRequest($config, ['/a.php'], 100);
        Recorder::recordRequest($config, ['/a.php'], 101);

        self::assertSame('keep', file_get_contents($victim));
        self::assertFileDoesNotExist($this->directory->path.'/created-through-link');
        foreach ($this->buffers() as $buffer) {
            self::assertFalse(is_link($buffer), $buffer);
        }
        Recorder::recordRequest($config, ['/a.php'], 102, lastInProcess: true);
        self::assertSame(3, (new FileUsageStore($this->store))->read()->requests, 'the counts were kept in real files');
    }

    public function testABufferDirectoryOthersCanWriteIsNotUsedAndEachRequestIsWrittenAtOnce(): void
    {
        $shared = $this->directory->path.'/shared';
        mkdir($shared);
        chmod($shared, 0o777);
        $config = $this->config(['batch' => 50, 'bufferDir' => $shared]);
        Recorder::recordRequest($config, ['/a.php'], 100);
        Recorder::recordRequest($config, ['/a.php'], 101);

        self::assertSame([], glob($shared.'/*') ?: [], 'nothing written where others can plant files');
        $usage = (new FileUsageStore($this->store))->read();
        self::assertSame(2, $usage->requests);
        self::assertSame(2, $usage->reading->batches, 'one batch per request');
    }

    public function testABufferDirectoryOfAnotherUserIsNotUsed(): void
    {
        if (0 !== posix_geteuid()) {
            self::markTestSkipped('needs root to give a directory to another user');
        }
        $theirs = $this->directory->path.'/theirs';
        mkdir($theirs, 0o700);
        chown($theirs, 'nobody');
        $config = $this->config(['batch' => 50, 'bufferDir' => $theirs]);
        Recorder::recordRequest($config, ['/a.php'], 100);

        self::assertSame([], glob($theirs.'/*') ?: []);
        self::assertSame(1, (new FileUsageStore($this->store))->read()->requests);
    }

    public function testTheDefaultBufferDirectoryIsThisUsersOwnAndPrivate(): void
    {
        $directory = Config::defaultBufferDir();
        self::assertSame(sys_get_temp_dir().'/preheat-recorder-'.posix_geteuid(), $directory);
        self::assertSame($directory, Config::fromArray(['store' => $this->store])->bufferDir);
        self::assertTrue(OwnDirectory::ensure($directory));
        $stat = lstat($directory);
        self::assertIsArray($stat);
        self::assertSame(posix_geteuid(), $stat['uid']);
        self::assertSame(0, $stat['mode'] & 0o077, 'created 0700');
    }

    public function testStartNeverThrows(): void
    {
        Recorder::start(['sample' => 1, 'store' => 'mysql://nope']);
        Recorder::start(['sample' => 'x']);
        Recorder::finish();

        $this->expectException(\InvalidArgumentException::class);
        $this->expectExceptionMessage('Unknown recorder setting "smaple": known settings are store, sample, batch');
        Config::fromArray(['store' => $this->store, 'smaple' => 3]);
    }

    public function testInvalidSettingsAreNamed(): void
    {
        foreach ([
            [['sample' => 0], 'Recorder setting "sample" must be a whole number of at least 1.'],
            [['batch' => '5'], 'Recorder setting "batch" must be a whole number of at least 1.'],
            [['base' => '/app'], 'Recorder setting "base" must be a list of paths.'],
            [['buffer' => 'redis'], 'Recorder setting "buffer" must be auto, apcu or file.'],
            [['server' => 'a,b'], 'Recorder setting "server" must be a name without commas.'],
        ] as [$setting, $message]) {
            try {
                Config::fromArray($setting + ['store' => $this->store]);
                self::fail('accepted '.json_encode($setting));
            } catch (\InvalidArgumentException $e) {
                self::assertSame($message, $e->getMessage());
            }
        }
    }

    public function testTheFileSinkEndsALineAWriterLeftTorn(): void
    {
        file_put_contents($this->store, '{"v":1,"serv');
        (new FileSink($this->store))->write([['server' => 'web1', 'pid' => 7, 'from' => 1, 'to' => 2, 'requests' => 1, 'files' => []]]);

        self::assertSame("{\"v\":1,\"serv\n{\"v\":2,\"server\":\"web1\",\"pid\":7,\"from\":1,\"to\":2,\"requests\":1,\"files\":{}}\n", file_get_contents($this->store));
    }

    public function testTheFileSinkCreatesTheStoreWithItsOwnModeWhateverTheUmask(): void
    {
        @unlink($this->store);
        $umask = umask(0);
        try {
            (new FileSink($this->store))->write([['server' => 'web1', 'pid' => 7, 'from' => 1, 'to' => 2, 'requests' => 1, 'files' => []]]);
        } finally {
            umask($umask);
        }

        clearstatcache();
        self::assertSame(0o644, fileperms($this->store) & 0o777);
    }

    public function testRedisCommandsAddBatchesUp(): void
    {
        $commands = RedisSink::commands([
            ['server' => 'web1', 'pid' => 1, 'from' => 100, 'to' => 150, 'requests' => 2, 'files' => ['/a.php' => 2, '/b.php' => 1]],
            ['server' => 'web2,web3', 'pid' => 2, 'from' => 90, 'to' => 120, 'requests' => 3, 'files' => ['/a.php' => 3], 'dropped' => 4],
        ], 'p:');

        self::assertSame([
            ['HINCRBY', 'p:files', '/a.php', '5'],
            ['HINCRBY', 'p:files', '/b.php', '1'],
            ['INCRBY', 'p:requests', '5'],
            ['INCRBY', 'p:batches', '2'],
            ['INCRBY', 'p:dropped', '4'],
            ['ZADD', 'p:window', '90', '90', '150', '150'],
            ['ZREMRANGEBYRANK', 'p:window', '1', '-2'],
            ['SADD', 'p:servers', 'web1', 'web2', 'web3'],
            ['SET', 'p:version', '2', 'NX'],
        ], $commands);
    }

    /**
     * @param array<string, mixed> $overrides
     *
     * @return array<string, mixed>
     */
    private function config(array $overrides = []): array
    {
        return $overrides + ['store' => $this->store, 'sample' => 1, 'server' => 'web1', 'buffer' => 'file', 'bufferDir' => $this->directory->path];
    }

    /** @return list<string> */
    private function buffers(): array
    {
        return glob($this->directory->path.'/*.buf') ?: [];
    }

    private function deadPid(): int
    {
        for ($pid = 4_000_000; $pid > 1000; --$pid) {
            if (!posix_kill($pid, 0) && 3 === posix_get_last_error()) { // ESRCH
                return $pid;
            }
        }
        self::fail('no free pid');
    }
}
