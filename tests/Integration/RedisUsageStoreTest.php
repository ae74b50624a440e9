<?php

declare(strict_types=1);

namespace Preheat\Tests\Integration;

use PHPUnit\Framework\Attributes\Group;
use PHPUnit\Framework\TestCase;
use Preheat\Recorder\Recorder;
use Preheat\Recorder\RedisSink;
use Preheat\Recorder\RespClient;
use Preheat\Recorder\SinkError;
use Preheat\Tests\Support\PreheatProcess;
use Preheat\Tests\Support\RedisServer;
use Preheat\Tests\Support\TemporaryDirectory;
use Preheat\Usage\FileUsageStore;
use Preheat\Usage\UsageBatch;
use Preheat\Usage\UsageStoreError;
use Preheat\Usage\UsageStores;
use Preheat\Usage\UsageStoreUnreachable;

/** The Redis store against a real redis-server of the test's own. */
#[Group('integration')]
final class RedisUsageStoreTest extends TestCase
{
    private TemporaryDirectory $directory;
    private ?RedisServer $redis = null;

    protected function setUp(): void
    {
        if (null === RedisServer::binary()) {
            self::markTestSkipped('redis-server is not installed (apt-get install redis-server, or make deps)');
        }
        $this->directory = new TemporaryDirectory();
    }

    protected function tearDown(): void
    {
        $this->redis?->stop();
        $this->directory->remove();
    }

    public function testWhatIsAppendedIsReadBackAddedUp(): void
    {
        $redis = $this->redis = RedisServer::start($this->directory->path);
        $store = UsageStores::open($redis->dsn('/3?prefix=shop:'));
        $store->append(new UsageBatch(3, ['/app/a.php' => 3, '/app/b.php' => 1], 1000, 1060, 'web2'));
        $store->append(new UsageBatch(2, ['/app/a.php' => 2, '/app/c.php' => 2], 900, 1200, 'web1,web3', 4));
        $store->append(new UsageBatch(1, ['/app/a.php' => 1], 950, 1100, 'web1'));

        $usage = $store->read();

        self::assertSame(6, $usage->requests);
        self::assertEquals(['/app/a.php' => 6, '/app/b.php' => 1, '/app/c.php' => 2], $usage->fileCounts);
        self::assertSame([900, 1200], [$usage->from, $usage->to]);
        self::assertSame(['web1', 'web2', 'web3'], $usage->servers);
        self::assertSame(3, $usage->reading->batches);
        self::assertSame(4, $usage->reading->droppedRequests);
        self::assertTrue(UsageStores::open($redis->dsn('/3?prefix=other:'))->read()->isEmpty(), 'another prefix is another store');
        self::assertTrue(UsageStores::open($redis->dsn('/0?prefix=shop:'))->read()->isEmpty(), 'another database is another store');
        self::assertSame(['900', '1200'], $this->redisCall($redis, ['ZRANGE', 'shop:window', '0', '-1'], 3), 'the window keeps its two ends only');
    }

    public function testTheRecorderWritesToRedisAndMergeCopiesItToAFile(): void
    {
        $redis = $this->redis = RedisServer::start($this->directory->path);
        $config = ['store' => $redis->dsn(), 'sample' => 1, 'batch' => 2, 'server' => 'web1', 'buffer' => 'file', 'bufferDir' => $this->directory->path];
        for ($i = 0; $i < 4; ++$i) {
            Recorder::recordRequest($config, ['/app/index.php', '/app/'.($i % 2).'.php'], 100 + $i);
        }

        $usage = UsageStores::open($redis->dsn())->read();
        self::assertSame(4, $usage->requests);
        self::assertEquals(['/app/index.php' => 4, '/app/0.php' => 2, '/app/1.php' => 2], $usage->fileCounts);
        self::assertSame(2, $usage->reading->batches);

        $merge = PreheatProcess::run(['usage', 'merge', '--store='.$redis->dsn(), '--into='.$this->directory->path.'/all.log']);
        self::assertSame(0, $merge->getExitCode(), $merge->getErrorOutput());
        self::assertStringContainsString('Added 1 store into '.$this->directory->path.'/all.log: 4 sampled requests, 3 files.', $merge->getOutput());
        self::assertSame(4, (new FileUsageStore($this->directory->path.'/all.log'))->read()->requests);
    }

    public function testKeysOfAnotherVersionOrTypeAreRefused(): void
    {
        $redis = $this->redis = RedisServer::start($this->directory->path);
        $this->redisCall($redis, ['SET', 'v3:version', '3']);
        $this->redisCall($redis, ['SET', 'str:files', 'not a hash']);

        try {
            UsageStores::open($redis->dsn('/0?prefix=v3:'))->read();
            self::fail('read keys of format 3');
        } catch (UsageStoreError $e) {
            self::assertStringContainsString('redis://127.0.0.1:'.$redis->port.'/0?prefix=v3%3A was written by an incompatible version of the recorder (format 3; this Preheat reads formats 1 and 2)', $e->getMessage());
        }
        $this->expectException(UsageStoreError::class);
        $this->expectExceptionMessage('Redis at 127.0.0.1:'.$redis->port.' failed: 127.0.0.1:'.$redis->port.' answered: WRONGTYPE');
        UsageStores::open($redis->dsn('/0?prefix=str:'))->read();
    }

    public function testRedisDownIsAClearErrorForTheStoreAndSilentForTheRecorder(): void
    {
        $port = RedisServer::freePort();
        $dsn = 'redis://127.0.0.1:'.$port.'/0';

        try {
            UsageStores::open($dsn)->read();
            self::fail('read from a Redis that is not there');
        } catch (UsageStoreUnreachable $e) {
            self::assertStringStartsWith('Cannot reach Redis at 127.0.0.1:'.$port.' (Connection refused): check that redis-server is running and listens there', $e->getMessage());
        }
        try {
            RedisSink::fromConfig(UsageStores::target($dsn))->write([['server' => 'a', 'pid' => 1, 'from' => 1, 'to' => 1, 'requests' => 1, 'files' => []]]);
            self::fail('wrote to a Redis that is not there');
        } catch (SinkError $e) {
            self::assertSame(SinkError::UNREACHABLE, $e->getCode());
        }
        $usage = PreheatProcess::run(['usage', '--store='.$dsn]);
        self::assertSame(3, $usage->getExitCode(), 'a Redis that is down is the environment\'s failure');
        self::assertStringContainsString('Cannot reach Redis at 127.0.0.1:'.$port, $usage->getErrorOutput());

        // The recorder keeps its counts and writes them once Redis is back.
        $config = ['store' => $dsn, 'sample' => 1, 'batch' => 1, 'buffer' => 'file', 'bufferDir' => $this->directory->path];
        $started = microtime(true);
        Recorder::recordRequest($config, ['/a.php'], 100);
        Recorder::recordRequest($config, ['/a.php'], 101);
        self::assertLessThan(0.5, microtime(true) - $started);
        self::assertCount(1, glob($this->directory->path.'/*.buf') ?: []);

        $this->redis = RedisServer::startOnPort($this->directory->path, $port);
        Recorder::recordRequest($config, ['/b.php'], 200);
        $read = UsageStores::open($dsn)->read();
        self::assertSame(3, $read->requests);
        self::assertEquals(['/a.php' => 2, '/b.php' => 1], $read->fileCounts);
    }

    /**
     * @param list<string> $command
     */
    private function redisCall(RedisServer $redis, array $command, int $db = 0): mixed
    {
        $client = RespClient::open(UsageStores::target($redis->dsn('/'.$db)));
        try {
            return $client->pipeline([$command])[0];
        } finally {
            $client->close();
        }
    }
}
