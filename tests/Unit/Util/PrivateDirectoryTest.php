<?php

declare(strict_types=1);

namespace Preheat\Tests\Unit\Util;

use PHPUnit\Framework\TestCase;
use Preheat\Tests\Support\TemporaryDirectory;
use Preheat\Util\PrivateDirectory;

final class PrivateDirectoryTest extends TestCase
{
    private TemporaryDirectory $directory;
    private string $private;

    protected function setUp(): void
    {
        $this->directory = new TemporaryDirectory('preheat-private-');
        $this->private = $this->directory->path.'/cache';
        mkdir($this->private, 0o700);
        file_put_contents($this->private.'/entry', 'ours');
    }

    protected function tearDown(): void
    {
        $this->directory->remove();
    }

    public function testReadsAFileOfItsOwnDirectory(): void
    {
        self::assertSame('ours', PrivateDirectory::readFile($this->private, 'entry', 100));
    }

    public function testAFileThatIsALinkIsNotRead(): void
    {
        file_put_contents($this->directory->path.'/elsewhere', 'planted');
        symlink($this->directory->path.'/elsewhere', $this->private.'/link');

        self::assertNull(PrivateDirectory::readFile($this->private, 'link', 100));
    }

    public function testADirectoryThatIsALinkIsNotRead(): void
    {
        symlink($this->private, $this->directory->path.'/swapped');

        self::assertNull(PrivateDirectory::readFile($this->directory->path.'/swapped', 'entry', 100));
    }

    public function testADirectoryOthersCanWriteIsNotRead(): void
    {
        chmod($this->private, 0o777);

        self::assertNull(PrivateDirectory::readFile($this->private, 'entry', 100));
    }

    public function testAFileOthersCanWriteOrLargerThanTheLimitIsNotRead(): void
    {
        self::assertNull(PrivateDirectory::readFile($this->private, 'entry', 3));
        chmod($this->private.'/entry', 0o666);
        self::assertNull(PrivateDirectory::readFile($this->private, 'entry', 100));
    }

    public function testAFileOfAnotherUserIsNotRead(): void
    {
        if (0 !== posix_geteuid()) {
            self::markTestSkipped('only root can give a file to another user');
        }
        chown($this->private.'/entry', 'nobody');

        self::assertNull(PrivateDirectory::readFile($this->private, 'entry', 100));
    }
}
