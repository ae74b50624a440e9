<?php

declare(strict_types=1);

namespace Preheat\Tests\Unit\Util;

use PHPUnit\Framework\TestCase;
use Preheat\Tests\Support\TemporaryDirectory;
use Preheat\Util\AtomicFile;

/** A file already as write() would make it is recognised as such; any difference that write() would undo is not. */
final class AtomicFileTest extends TestCase
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

    public function testHoldsTheSameBytesWithTheSameMode(): void
    {
        $path = $this->directory->path.'/preload.php';
        AtomicFile::write($path, "<?php // script\n", AtomicFile::READABLE);

        self::assertTrue(AtomicFile::holds($path, "<?php // script\n", AtomicFile::READABLE));
        self::assertFalse(AtomicFile::holds($path, "<?php // other\n", AtomicFile::READABLE), 'other bytes');
        self::assertFalse(AtomicFile::holds($path, "<?php // script\n\n", AtomicFile::READABLE), 'more bytes');
        self::assertFalse(AtomicFile::holds($path, "<?php // script\n", AtomicFile::PRIVATE), 'another mode');
        self::assertFalse(AtomicFile::holds($this->directory->path.'/missing.php', '', AtomicFile::READABLE));
    }

    public function testALinkToTheSameBytesIsNotTheFile(): void
    {
        $target = $this->directory->path.'/target.php';
        AtomicFile::write($target, "<?php\n", AtomicFile::READABLE);
        symlink($target, $this->directory->path.'/preload.php');

        self::assertFalse(AtomicFile::holds($this->directory->path.'/preload.php', "<?php\n", AtomicFile::READABLE));
    }

    public function testADirectoryIsNotTheFile(): void
    {
        mkdir($this->directory->path.'/preload.php', 0o644);

        self::assertFalse(AtomicFile::holds($this->directory->path.'/preload.php', '', AtomicFile::READABLE));
    }
}
