<?php

declare(strict_types=1);

namespace Preheat\Tests\Unit\Util;

use PHPUnit\Framework\Attributes\DataProvider;
use PHPUnit\Framework\TestCase;
use Preheat\Tests\Support\CountedFiles;
use Preheat\Tests\Support\TemporaryDirectory;
use Preheat\Util\FileHashes;

/** A run hashes each file once, and the next run none it hashed whose stat is the same. */
final class FileHashesTest extends TestCase
{
    private const FILE = 'preheat-counted://app/A.php';

    private TemporaryDirectory $directory;

    private string $saved;

    protected function setUp(): void
    {
        $this->directory = new TemporaryDirectory();
        chmod($this->directory->path, 0o700);
        $this->saved = FileHashes::fileBeside($this->directory->path.'/inventory-0123456789abcdef.bin');
        stream_wrapper_register('preheat-counted', CountedFiles::class);
        CountedFiles::$files = [self::FILE => "<?php class A {}\n"];
        CountedFiles::$opened = 0;
        CountedFiles::$changed = 0;
        self::forget();
    }

    protected function tearDown(): void
    {
        stream_wrapper_unregister('preheat-counted');
        self::forget();
        $this->directory->remove();
    }

    public function testTheNextRunReadsNoFileOfTheSameStat(): void
    {
        $hash = FileHashes::xxh128(self::FILE);
        FileHashes::save($this->saved, [self::FILE]);
        self::forget(); // the next run

        FileHashes::load($this->saved);

        self::assertSame($hash, FileHashes::xxh128(self::FILE));
        self::assertSame(1, CountedFiles::$opened);
        self::assertSame(0o600, fileperms($this->saved) & 0o777);
    }

    public function testAFileOfAnotherStatIsReadAgain(): void
    {
        FileHashes::xxh128(self::FILE);
        FileHashes::save($this->saved, [self::FILE]);
        self::forget();
        CountedFiles::$files[self::FILE] = "<?php class B {}\n";
        ++CountedFiles::$changed;

        FileHashes::load($this->saved);

        self::assertSame(hash('xxh128', "<?php class B {}\n"), FileHashes::xxh128(self::FILE));
        self::assertSame(2, CountedFiles::$opened);
    }

    /** @return iterable<string, array{string}> */
    public static function notAsSaveWritesIt(): iterable
    {
        $entry = static fn (mixed $hash): string => serialize([
            'format' => 'preheat-file-hashes-1',
            'files' => [self::FILE => ['0 1 17 0 0', $hash]],
        ]);

        yield 'a hash that is not one' => [$entry('../../etc/passwd')];
        yield 'a hash of another type' => [$entry(42)];
        yield 'an object' => [serialize(new \ArrayObject([self::FILE => ['0 1 17 0 0', str_repeat('0', 32)]]))];
        yield 'not serialized' => ["\0garbage"];
    }

    #[DataProvider('notAsSaveWritesIt')]
    public function testWhatIsNotAsSaveWritesItIsIgnored(string $content): void
    {
        file_put_contents($this->saved, $content);
        chmod($this->saved, 0o600);

        FileHashes::load($this->saved);

        self::assertSame(hash('xxh128', "<?php class A {}\n"), FileHashes::xxh128(self::FILE));
        self::assertSame(1, CountedFiles::$opened, 'the file is hashed');
    }

    public function testAPlantedHashIsTakenOnlyInAFileOfPreheatsOwn(): void
    {
        file_put_contents($this->saved, serialize([
            'format' => 'preheat-file-hashes-1',
            'files' => [self::FILE => ['0 1 17 0 0', str_repeat('0', 32)]],
        ]));
        chmod($this->saved, 0o666); // writable by others: not Preheat's

        FileHashes::load($this->saved);

        self::assertSame(hash('xxh128', "<?php class A {}\n"), FileHashes::xxh128(self::FILE));
    }

    private static function forget(): void
    {
        (new \ReflectionClass(FileHashes::class))->setStaticPropertyValue('hashed', []);
        (new \ReflectionClass(FileHashes::class))->setStaticPropertyValue('changed', false);
    }
}
