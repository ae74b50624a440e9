<?php

declare(strict_types=1);

namespace Preheat\Tests\Unit\Script\Generate;

use PHPUnit\Framework\TestCase;
use Preheat\Php\PhpInstallation;
use Preheat\Php\PhpSettings;
use Preheat\Script\Generate\ReleaseKey;
use Preheat\Script\Write\ScriptManifest;
use Preheat\Tests\Support\CountedFiles;
use Preheat\Tests\Support\TemporaryDirectory;

/**
 * A release of the same files at another root of the same length has the same key, whatever their inodes and
 * mtimes; one byte, an option, the ini or the root's length changes it.
 */
final class ReleaseKeyTest extends TestCase
{
    private TemporaryDirectory $directory;

    protected function setUp(): void
    {
        $this->directory = new TemporaryDirectory();
        mkdir($this->directory->path.'/etc/conf.d', 0o777, true);
        file_put_contents($this->directory->path.'/etc/php.ini', "opcache.enable=1\n");
        file_put_contents($this->directory->path.'/etc/conf.d/10-opcache.ini', "opcache.jit=off\n");
        file_put_contents($this->directory->path.'/etc/php', "#!/bin/sh\n");
        chmod($this->directory->path.'/etc/php', 0o755);
        $this->release('releases/1');
    }

    protected function tearDown(): void
    {
        $this->directory->remove();
    }

    public function testACopyAtAnotherRootOfTheSameLengthHasTheSameKey(): void
    {
        $first = $this->key('releases/1');
        $this->release('releases/2');
        touch($this->directory->path.'/releases/2/src/A.php', time() + 10);

        self::assertSame($first, $this->key('releases/2'));
    }

    public function testOneChangedByteChangesIt(): void
    {
        $this->release('releases/2');
        $file = $this->directory->path.'/releases/2/src/A.php';
        // The same size and mtime: only the bytes differ.
        $mtime = (int) filemtime($file);
        file_put_contents($file, "<?php class B {}\n");
        touch($file, $mtime);

        self::assertNotSame($this->key('releases/1'), $this->key('releases/2'));
    }

    public function testAChangedComposerFileChangesIt(): void
    {
        $this->release('releases/2');
        file_put_contents($this->directory->path.'/releases/2/vendor/composer/installed.php', "<?php return [1];\n");

        self::assertNotSame($this->key('releases/1'), $this->key('releases/2'));
    }

    public function testARootOfAnotherLengthChangesIt(): void
    {
        $this->release('releases/10');

        self::assertNotSame($this->key('releases/1'), $this->key('releases/10'));
    }

    public function testAnotherOptionOrIniChangesIt(): void
    {
        $this->release('releases/2');
        $first = $this->key('releases/1');

        self::assertNotSame($first, $this->key('releases/2', '--strict'));
        file_put_contents($this->directory->path.'/etc/php.ini', "opcache.enable=0\n");
        self::assertNotSame($first, $this->key('releases/2'));
    }

    public function testTheRootInAnOptionIsTheRelease(): void
    {
        $this->release('releases/2');
        $root = static fn (string $release): string => serialize(['--ignore='.$release.'/src/B.php']);

        self::assertSame(
            $this->key('releases/1', $root($this->directory->path.'/releases/1')),
            $this->key('releases/2', $root($this->directory->path.'/releases/2')),
        );
        self::assertNotSame(
            $this->key('releases/1', $root($this->directory->path.'/releases/1')),
            $this->key('releases/2', $root($this->directory->path.'/releases/1')),
            'the first release\'s path named in the second\'s options is another option',
        );
    }

    public function testTheScriptsManifestReadsNoFileTheKeyHashedAgain(): void
    {
        stream_wrapper_register('preheat-counted', CountedFiles::class);
        try {
            CountedFiles::$files = ['preheat-counted://app/A.php' => "<?php class A {}\n"];
            CountedFiles::$opened = 0;
            $files = array_keys(CountedFiles::$files);
            $php = new PhpInstallation('/no/php', null, new PhpSettings(null, 'test', null, []));
            $key = ReleaseKey::of('/app', $files, [], '', $php, '/app/preload.php');
            $manifest = ScriptManifest::sourcesHash($files);
            CountedFiles::$files['preheat-counted://app/A.php'] = "<?php class B {}\n";
            ++CountedFiles::$changed; // a new stat: the file is read again

            self::assertSame(1, CountedFiles::$opened, 'the key and the manifest read the file once');
            self::assertNotSame($key, ReleaseKey::of('/app', $files, [], '', $php, '/app/preload.php'));
            self::assertNotSame($manifest, ScriptManifest::sourcesHash($files));
            self::assertSame(2, CountedFiles::$opened);
        } finally {
            stream_wrapper_unregister('preheat-counted');
        }
    }

    private function release(string $name): void
    {
        $root = $this->directory->path.'/'.$name;
        mkdir($root.'/src', 0o777, true);
        mkdir($root.'/vendor/composer', 0o777, true);
        file_put_contents($root.'/src/A.php', "<?php class A {}\n");
        file_put_contents($root.'/src/B.php', "<?php class B {}\n");
        file_put_contents($root.'/composer.json', "{}\n");
        file_put_contents($root.'/vendor/composer/installed.php', "<?php return [];\n");
    }

    private function key(string $release, string $options = ''): string
    {
        $root = $this->directory->path.'/'.$release;
        $etc = $this->directory->path.'/etc';

        return ReleaseKey::of(
            $root,
            [$root.'/src/A.php', $root.'/src/B.php'],
            [],
            $options.' --project='.$root,
            new PhpInstallation(
                $etc.'/php',
                null,
                new PhpSettings($etc.'/php.ini', '--ini', $etc.'/conf.d', ['opcache.memory_consumption' => '128']),
                'www-data',
                'pool.d/www.conf',
            ),
            $root.'/preload.php',
            $root.'/vendor',
        );
    }
}
