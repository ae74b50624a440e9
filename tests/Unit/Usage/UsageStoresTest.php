<?php

declare(strict_types=1);

namespace Preheat\Tests\Unit\Usage;

use PHPUnit\Framework\Attributes\DataProvider;
use PHPUnit\Framework\TestCase;
use Preheat\Tests\Support\TemporaryDirectory;
use Preheat\Usage\FileUsageStore;
use Preheat\Usage\RedisUsageStore;
use Preheat\Usage\UsageBatch;
use Preheat\Usage\UsageStoreError;
use Preheat\Usage\UsageStores;
use Preheat\UserError;

final class UsageStoresTest extends TestCase
{
    public function testPlainPathsAndFileUrlsAreFileStores(): void
    {
        self::assertSame('/var/log/usage.log', UsageStores::target('/var/log/usage.log')['path']);
        self::assertSame('/srv/app/usage.log', UsageStores::target('usage.log', '/srv/app')['path']);
        self::assertSame('/abs/x y.log', UsageStores::target('file:///abs/x%20y.log')['path']);
        self::assertSame('/srv/app/var/u.log', UsageStores::target('file://var/u.log', '/srv/app/')['path']);

        $store = UsageStores::open('/var/log/usage.log');
        self::assertInstanceOf(FileUsageStore::class, $store);
        self::assertSame('/var/log/usage.log', $store->describe());
    }

    public function testRedisDefaults(): void
    {
        $target = UsageStores::target('redis://127.0.0.1');

        self::assertSame('redis', $target['type']);
        self::assertSame('127.0.0.1', $target['host']);
        self::assertSame(6379, $target['port']);
        self::assertSame(0, $target['db']);
        self::assertSame('preheat:', $target['prefix']);
        self::assertNull($target['password']);
        self::assertSame(0.05, $target['timeout']);
        self::assertSame(0.1, $target['readTimeout']);
    }

    public function testRedisWithEverything(): void
    {
        $target = UsageStores::target(
            'redis://app:s%40cret@cache.internal:6380/2?prefix=shop:&timeout=0.2&readTimeout=0.5',
        );

        self::assertSame(['cache.internal', 6380, 2, 'shop:', 'app', 's@cret', 0.2, 0.5], [
            $target['host'],
            $target['port'],
            $target['db'],
            $target['prefix'],
            $target['user'],
            $target['password'],
            $target['timeout'],
            $target['readTimeout'],
        ]);
        self::assertSame('::1', UsageStores::target('redis://[::1]:6379/0')['host']);

        $store = UsageStores::open('redis://:pw@cache.internal:6380/2?prefix=shop:');
        self::assertInstanceOf(RedisUsageStore::class, $store);
        self::assertSame(
            'redis://cache.internal:6380/2?prefix=shop%3A',
            $store->describe(),
            'no password in what is shown',
        );
        self::assertSame('redis://[::1]:6379/0?prefix=preheat%3A', UsageStores::open('redis://[::1]')->describe());
    }

    #[DataProvider('invalidStores')]
    public function testInvalidStoresSayWhatToWrite(string $dsn, string $message): void
    {
        try {
            UsageStores::open($dsn);
            self::fail('accepted '.$dsn);
        } catch (UsageStoreError $e) {
            self::assertInstanceOf(UserError::class, $e);
            self::assertStringContainsString($message, $e->getMessage());
        }
    }

    /** @return iterable<string, array{string, string}> */
    public static function invalidStores(): iterable
    {
        yield 'empty' => ['', 'The store is empty: give a file path, file://PATH or redis://HOST:PORT/DB.'];
        yield 'other scheme' => [
            'mysql://db/usage',
            'Unsupported store "mysql://db/usage": use a file path, file://PATH or redis://HOST:PORT/DB?prefix=PREFIX.',
        ];
        yield 'no file' => ['file://', 'names no file'];
        yield 'port out of range' => ['redis://cache:99999/0', 'Cannot read the Redis address "redis://cache:99999/0"'];
        yield 'no host' => ['redis:///0', 'Cannot read the Redis address'];
        yield 'database not a number' => [
            'redis://cache:6379/usage',
            'The Redis database in "redis://cache:6379/usage" must be a number, e.g. redis://cache:6379/0.',
        ];
        yield 'unknown option' => [
            'redis://cache/0?prefx=a:',
            'Unknown Redis option "prefx" in "redis://cache/0?prefx=a:": '
            .'known options are prefix, timeout and readTimeout.',
        ];
        yield 'timeout not a number' => [
            'redis://cache/0?timeout=soon',
            'The Redis timeout must be a number of seconds above 0',
        ];
    }

    public function testAStoreOfGarbageIsNotAUsageStoreAndSaysHowManyLinesWereDamaged(): void
    {
        $directory = new TemporaryDirectory('preheat-store-');
        try {
            $file = $directory->path.'/usage.log';
            file_put_contents($file, "garbage\nmore garbage {\n\x00\x01binary\n");
            try {
                UsageStores::readTraffic($file);
                self::fail('garbage read as traffic');
            } catch (UsageStoreError $error) {
                self::assertSame(
                    $file.' is not a usage store: none of its lines is a record of Preheat\'s recorder '
                    .'(3 damaged lines skipped). '
                    .'Name the file the recorder writes (preheat record --install prints it), '
                    .'or move this one away and record anew.',
                    $error->getMessage(),
                );
            }

            // Partly damaged: the good records are kept, the damaged ones counted.
            (new FileUsageStore($file))
                ->append(new UsageBatch(4, ['/srv/app/A.php' => 4], 1700000000, 1700000010, 'web1'));
            $usage = UsageStores::readTraffic($file);
            self::assertSame([4, 3], [$usage->requests, $usage->reading->skippedRecords]);

            file_put_contents($directory->path.'/empty.log', '');
            $this->expectExceptionMessage('No traffic recorded yet in '.$directory->path.'/empty.log');
            UsageStores::readTraffic($directory->path.'/empty.log');
        } finally {
            $directory->remove();
        }
    }
}
