<?php

declare(strict_types=1);

namespace Preheat\Tests\Unit\Usage;

use PHPUnit\Framework\TestCase;
use Preheat\Php\PoolUser;
use Preheat\Setting;
use Preheat\Tests\Support\TemporaryDirectory;
use Preheat\Usage\AccessProblem;
use Preheat\Usage\WriteAccess;

/** Whether the pool's user can write the recorder's store and buffer directory, and the command that fixes it. */
final class WriteAccessTest extends TestCase
{
    private TemporaryDirectory $directory;
    private PoolUser $stranger;
    private PoolUser $me;

    protected function setUp(): void
    {
        $this->directory = new TemporaryDirectory();
        chmod($this->directory->path, 0o755);
        // A user that owns none of these files and is in none of their groups.
        $this->stranger = new PoolUser('pool', 54321, 54321, [54321]);
        $this->me = new PoolUser('me', posix_geteuid(), posix_getegid(), [posix_getegid()]);
    }

    protected function tearDown(): void
    {
        $this->directory->remove();
    }

    public function testModeBitsOfOwnerGroupAndOthers(): void
    {
        $user = new PoolUser('pool', 100, 200, [200, 300]);
        self::assertTrue($user->may(6, 100, 0, 0o600));
        self::assertFalse($user->may(6, 100, 0, 0o400));
        self::assertTrue($user->may(2, 1, 300, 0o020), 'through a supplementary group');
        self::assertFalse($user->may(2, 100, 300, 0o070), 'the owner bits decide for the owner');
        self::assertTrue($user->may(3, 1, 1, 0o003));
        self::assertTrue((new PoolUser('root', 0, 0, [0]))->may(7, 1, 1, 0));
    }

    public function testAStoreInADirectoryThePoolUserCannotWriteIsToBeCreatedForIt(): void
    {
        $store = $this->directory->path.'/usage.log';
        self::assertEquals([new AccessProblem(
            \sprintf(
                'pool cannot create the store %s: it may not write to %s (owner %s, group %s, mode 0755); '
                .'nothing is recorded',
                $store,
                $this->directory->path,
                self::owner(),
                self::group(),
            ),
            \sprintf('touch %1$s && chown pool %1$s', $store),
        )], (new WriteAccess())->storeFile($this->stranger, $store));
        self::assertSame([], (new WriteAccess())->storeFile($this->me, $store));

        chmod($this->directory->path, 0o1777);
        self::assertSame([], (new WriteAccess())->storeFile($this->stranger, $store), 'anyone may create files there');
    }

    public function testAStoreFileThePoolUserCannotAppendToIsToBeGivenToIt(): void
    {
        $store = $this->directory->path."/it's usage.log";
        touch($store);
        chmod($store, 0o644);
        $problems = (new WriteAccess())->storeFile($this->stranger, $store);
        self::assertCount(1, $problems);
        self::assertSame(\sprintf(
            'pool cannot append to the store %s (owner %s, group %s, mode 0644): nothing is recorded',
            $store,
            self::owner(),
            self::group(),
        ), $problems[0]->problem);
        self::assertSame('chown pool '.escapeshellarg($store), $problems[0]->fix);

        chmod($store, 0o666);
        self::assertSame([], (new WriteAccess())->storeFile($this->stranger, $store));
    }

    public function testADirectoryOnTheWayThePoolUserMayNotEnter(): void
    {
        mkdir($this->directory->path.'/private/var', 0o777, true);
        chmod($this->directory->path.'/private', 0o750);
        $problems = (new WriteAccess())->storeFile($this->stranger, $this->directory->path.'/private/var/usage.log');

        self::assertCount(1, $problems);
        self::assertStringStartsWith('pool may not enter '.$this->directory->path.'/private (', $problems[0]->problem);
        self::assertSame('chmod o+x '.$this->directory->path.'/private', $problems[0]->fix);
    }

    public function testTheBufferDirectoryMustBeThePoolUsersOwnAndWritableByNoOneElse(): void
    {
        $access = new WriteAccess();
        $buffers = $this->directory->path.'/buffers';
        self::assertSame([], $access->bufferDirectory($this->me, $buffers), 'missing: the workers create it');
        $cannotCreate = $access->bufferDirectory($this->stranger, $buffers);
        self::assertCount(1, $cannotCreate);
        self::assertSame('install -d -o pool -m 0700 '.$buffers, $cannotCreate[0]->fix);

        mkdir($buffers, 0o700);
        self::assertSame([], $access->bufferDirectory($this->me, $buffers));
        $theirs = $access->bufferDirectory($this->stranger, $buffers);
        self::assertCount(1, $theirs);
        self::assertStringStartsWith(
            \sprintf('the buffer directory %s belongs to %s, not pool: ', $buffers, self::owner()),
            $theirs[0]->problem,
        );
        self::assertSame(\sprintf('chown pool %1$s && chmod 0700 %1$s', $buffers), $theirs[0]->fix);

        chmod($buffers, 0o777);
        $shared = $access->bufferDirectory($this->me, $buffers);
        self::assertCount(1, $shared);
        self::assertStringContainsString('can be written by its group or others', $shared[0]->problem);
        self::assertSame('chmod 0700 '.$buffers, $shared[0]->fix);

        self::assertSame(
            'rm -r '.$buffers.' (the workers create it again, 0700)',
            $access->bufferDirectory($this->stranger, $buffers, isDefault: true)[0]->fix,
        );

        symlink($buffers, $this->directory->path.'/link');
        $link = $access->bufferDirectory($this->me, $this->directory->path.'/link');
        self::assertCount(1, $link);
        self::assertStringContainsString('is a symbolic link, which the recorder never follows', $link[0]->problem);
    }

    public function testASharedDirectoryIsNeverHandedOverButADirectoryOfItsOwnIsProposed(): void
    {
        $shared = $this->directory->path.'/tmp';
        mkdir($shared);
        chmod($shared, 0o1777);
        touch($shared.'/someone-elses-file');
        $access = new WriteAccess();

        $open = $access->bufferDirectory($this->me, $shared);
        self::assertCount(1, $open);
        self::assertSame(
            \sprintf('install -d -o me -m 0700 %1$s/preheat-recorder, then make it the buffer directory', $shared),
            $open[0]->fix,
            'never chmod 0700 a shared directory',
        );
        self::assertSame(Setting::BufferDirectory, $open[0]->setting, 'the console names the option');

        chmod($shared, 0o755);
        $theirs = $access->bufferDirectory($this->stranger, $shared);
        self::assertCount(1, $theirs);
        self::assertSame(
            \sprintf('install -d -o pool -m 0700 %1$s/preheat-recorder, then make it the buffer directory', $shared),
            $theirs[0]->fix,
            'never chown a directory with other files',
        );
    }

    public function testThePoolUserIsTheUserOfThePoolFiles(): void
    {
        $fpm = $this->directory->path.'/etc/php/8.2/fpm';
        mkdir($fpm.'/pool.d', 0o777, true);
        self::assertSame(['www-data', 'no php-fpm pool file names one'], PoolUser::configured([$fpm]));

        file_put_contents($fpm.'/pool.d/www.conf', "[www]\n;user = nobody\nuser = app\ngroup = app\n");
        file_put_contents($fpm.'/pool.d/zz.conf', "[zz]\nuser = later\n");
        self::assertSame(['app', '`user =` in '.$fpm.'/pool.d/www.conf'], PoolUser::configured([$fpm]));
    }

    private static function owner(): string
    {
        return (posix_getpwuid(posix_geteuid()) ?: ['name' => ''])['name'];
    }

    private static function group(): string
    {
        return (posix_getgrgid(posix_getegid()) ?: ['name' => ''])['name'];
    }
}
