<?php

declare(strict_types=1);

namespace Preheat\Tests\Unit\Inventory;

use PHPUnit\Framework\Attributes\DataProvider;
use PHPUnit\Framework\TestCase;
use Preheat\Inventory\Declaration;
use Preheat\Inventory\DeclarationKind;
use Preheat\Inventory\DeclaredType;
use Preheat\Inventory\FileInventory;
use Preheat\Inventory\FileStamp;
use Preheat\Inventory\InventoryCache;
use Preheat\Inventory\MethodSignature;
use Preheat\Tests\Support\TemporaryDirectory;
use Preheat\Util\UnsafeDirectory;

/** Where the parse cache lives: a directory of the user running Preheat that no one else can write. */
final class InventoryCacheTest extends TestCase
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

    public function testTheDefaultIsTheUsersOwnCacheDirectory(): void
    {
        self::assertSame(
            '/home/me/.xdg/preheat',
            InventoryCache::defaultDirectory(['XDG_CACHE_HOME' => '/home/me/.xdg/']),
        );
        $home = (posix_getpwuid(posix_geteuid()) ?: [])['dir'] ?? '';
        $expected = is_dir($home.'/.cache') || is_writable($home)
            ? $home.'/.cache/preheat'
            : sys_get_temp_dir().'/preheat-cache-'.posix_geteuid();
        self::assertSame(
            $expected,
            InventoryCache::defaultDirectory(['XDG_CACHE_HOME' => 'relative', 'HOME' => '/elsewhere']),
        );
        self::assertStringNotContainsString(
            '/preheat-cache/',
            InventoryCache::fileFor('/srv/app'),
            'never the shared /tmp/preheat-cache',
        );
    }

    public function testACacheDirectoryIsCreatedPrivate(): void
    {
        $cache = $this->directory->path.'/cache/preheat';
        $file = InventoryCache::fileFor('/srv/app', $cache);

        self::assertSame($cache.'/inventory-'.substr(hash('sha256', '/srv/app'), 0, 16).'.bin', $file);
        $stat = lstat($cache);
        self::assertIsArray($stat);
        self::assertSame(0o700, $stat['mode'] & 0o777);
        self::assertSame(posix_geteuid(), $stat['uid']);
    }

    public function testACacheDirectoryOfAnotherUserIsRefused(): void
    {
        if (0 !== posix_geteuid()) {
            self::markTestSkipped('needs root to give a directory to another user');
        }
        $cache = $this->directory->path.'/planted';
        mkdir($cache, 0o700);
        chown($cache, 'nobody');
        file_put_contents($cache.'/inventory-'.substr(hash('sha256', '/srv/app'), 0, 16).'.bin', 'poisoned');

        $this->expectException(UnsafeDirectory::class);
        $this->expectExceptionMessage(
            $cache.' belongs to nobody, not to root who runs Preheat: another user could give it a false inventory '
            .'(a file with side effects recorded as clean). Remove it (rm -r \''.$cache.'\'), '
            .'or choose another cache directory (one of yours) or do without the cache.',
        );
        InventoryCache::fileFor('/srv/app', $cache);
    }

    public function testACacheDirectoryOthersCanWriteIsRefused(): void
    {
        $cache = $this->directory->path.'/shared';
        mkdir($cache);
        chmod($cache, 0o777);

        $this->expectException(UnsafeDirectory::class);
        $this->expectExceptionMessage(
            $cache.' can be written by its group or others (mode 0777): '
            .'another user could give Preheat a false inventory. '
            .'Run chmod 0700 \''.$cache.'\', or choose another cache directory',
        );
        InventoryCache::fileFor('/srv/app', $cache);
    }

    public function testASharedDirectoryIsNeverToBeClosedOrRemoved(): void
    {
        $shared = $this->directory->path.'/tmp';
        mkdir($shared);
        chmod($shared, 0o1777);
        touch($shared.'/someone-elses-file');

        $this->expectException(UnsafeDirectory::class);
        $this->expectExceptionMessage(
            $shared.' can be written by its group or others (mode 1777): '
            .'another user could give Preheat a false inventory. '
            .'Choose another cache directory (one of yours) or do without the cache.',
        );
        InventoryCache::fileFor('/srv/app', $shared);
    }

    public function testALinkAsTheCacheDirectoryIsRefused(): void
    {
        mkdir($this->directory->path.'/real', 0o700);
        symlink($this->directory->path.'/real', $this->directory->path.'/link');

        $this->expectException(UnsafeDirectory::class);
        $this->expectExceptionMessage($this->directory->path.'/link is a symbolic link');
        InventoryCache::fileFor('/srv/app', $this->directory->path.'/link');
    }

    /** @return iterable<string, array{\Closure(array<string, mixed>): mixed}> */
    public static function damagedEntries(): iterable
    {
        yield 'a kind of null' => [static function (array $e): array {
            $e['declarations'][0]['kind'] = null;

            return $e;
        }];
        yield 'a number for the parse error' => [static function (array $e): array {
            $e['parseError'] = 7;

            return $e;
        }];
        yield 'a number among the interfaces' => [static function (array $e): array {
            $e['declarations'][0]['interfaces'] = [5];

            return $e;
        }];
        yield 'a constant that is not a list of paths' => [static function (array $e): array {
            $e['constants'] = ['A' => 5];

            return $e;
        }];
        yield 'a parameter without a name' => [static function (array $e): array {
            $e['declarations'][0]['methods'] = [['name' => 'm', 'parameters' => [['name' => 1, 'type' => null]]]];

            return $e;
        }];
        yield 'a number for the whole entry' => [static fn (array $e): int => 5];
        yield 'no declarations' => [static function (array $e): array {
            unset($e['declarations']);

            return $e;
        }];
    }

    /** @return iterable<string, array{mixed}> */
    public static function entriesNotSerializedByThisVersion(): iterable
    {
        yield 'an array for the string' => [['path' => '/srv/app/A.php', 'size' => 10, 'mtime' => 20]];
        yield 'a serialized object' => [serialize(new \ArrayObject(['path' => '/srv/app/A.php']))];
        yield 'not serialized' => ["\0garbage"];
    }

    #[DataProvider('entriesNotSerializedByThisVersion')]
    public function testAnEntryThatIsNotOneSerializedIsAMiss(mixed $entry): void
    {
        $file = InventoryCache::fileFor('/srv/app', $this->directory->path.'/cache');
        $cache = new InventoryCache($file);
        $cache->put(new FileInventory('/srv/app/A.php', new FileStamp(10, 20)));
        $cache->save(['/srv/app/A.php']);
        $data = unserialize((string) file_get_contents($file), ['allowed_classes' => false]);
        \assert(\is_array($data) && \is_array($data['entries']));
        $data['entries']['/srv/app/A.php'] = $entry;
        file_put_contents($file, serialize($data));
        $damaged = new InventoryCache($file);

        self::assertNull($damaged->get('/srv/app/A.php', 10, 20));
        self::assertSame('Ignored 1 entry of the parse cache '.$file.': not as this version writes it', $damaged->rejected());
    }

    public function testReadingTheCacheBuildsNoEntryUntilItIsAskedFor(): void
    {
        $file = InventoryCache::fileFor('/srv/app', $this->directory->path.'/cache');
        $cache = new InventoryCache($file);
        $paths = [];
        for ($i = 0; $i < 2000; ++$i) {
            $paths[] = $path = '/srv/app/C'.$i.'.php';
            $methods = [];
            for ($m = 0; $m < 10; ++$m) {
                $methods[] = new MethodSignature('m'.$m, [['name' => 'a', 'type' => new DeclaredType(['int'])]], new DeclaredType(['string']));
            }
            $cache->put(new FileInventory($path, new FileStamp(10, 20), [new Declaration(DeclarationKind::ClassDeclaration, 'C'.$i, 1, methods: $methods)]));
        }
        $cache->save($paths);
        unset($cache);

        $before = memory_get_usage();
        $read = new InventoryCache($file);
        $held = memory_get_usage() - $before;

        // Held as arrays, the entries took ten times their bytes; as the strings they were read as, about their bytes.
        self::assertLessThan(2 * filesize($file), $held);
        self::assertSame('C1999', $read->get('/srv/app/C1999.php', 10, 20)?->declarations[0]->name);
    }

    /** @param \Closure(array<string, mixed>): mixed $damage */
    #[DataProvider('damagedEntries')]
    public function testAnEntryNotAsThisVersionWritesItIsAMissNamingTheCache(\Closure $damage): void
    {
        $file = InventoryCache::fileFor('/srv/app', $this->directory->path.'/cache');
        $good = new FileInventory('/srv/app/A.php', new FileStamp(10, 20), [new Declaration(DeclarationKind::ClassDeclaration, 'A', 1, interfaces: ['I'])]);
        $cache = new InventoryCache($file);
        $cache->put($good);
        $cache->save(['/srv/app/A.php']);
        self::assertEquals($good, (new InventoryCache($file))->get('/srv/app/A.php', 10, 20));

        $data = unserialize((string) file_get_contents($file), ['allowed_classes' => false]);
        \assert(\is_array($data) && \is_array($data['entries']));
        $entry = unserialize($data['entries']['/srv/app/A.php'], ['allowed_classes' => false]);
        $data['entries']['/srv/app/A.php'] = serialize($damage($entry));
        file_put_contents($file, serialize($data));
        $damaged = new InventoryCache($file);

        self::assertNull($damaged->get('/srv/app/A.php', 10, 20));
        self::assertSame('Ignored 1 entry of the parse cache '.$file.': not as this version writes it', $damaged->rejected());
    }
}
