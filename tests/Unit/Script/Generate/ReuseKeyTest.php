<?php

declare(strict_types=1);

namespace Preheat\Tests\Unit\Script\Generate;

use PHPUnit\Framework\TestCase;
use Preheat\Php\PhpInstallation;
use Preheat\Php\PhpSettings;
use Preheat\Script\Generate\ReuseKey;
use Preheat\Tests\Support\TemporaryDirectory;

/** Each input a verification depends on changes the key; nothing else does. */
final class ReuseKeyTest extends TestCase
{
    private TemporaryDirectory $directory;

    private string $root;

    protected function setUp(): void
    {
        $this->directory = new TemporaryDirectory();
        $this->root = $this->directory->path;
        mkdir($this->root.'/src');
        mkdir($this->root.'/conf.d');
        file_put_contents($this->root.'/src/A.php', "<?php class A {}\n");
        file_put_contents($this->root.'/src/B.php', "<?php class B {}\n");
        file_put_contents($this->root.'/cache.php', "<?php class C {}\n");
        file_put_contents($this->root.'/composer.json', "{}\n");
        file_put_contents($this->root.'/php.ini', "opcache.enable=1\n");
        file_put_contents($this->root.'/conf.d/10-opcache.ini', "opcache.jit=off\n");
        file_put_contents($this->root.'/php', "#!/bin/sh\n");
        chmod($this->root.'/php', 0755);
        file_put_contents($this->root.'/php-fpm', "#!/bin/sh\n");
        chmod($this->root.'/php-fpm', 0755);
    }

    protected function tearDown(): void
    {
        $this->directory->remove();
    }

    public function testTheSameInputsGiveTheSameKey(): void
    {
        self::assertSame($this->key(), $this->key());
    }

    public function testATouchedFileChangesIt(): void
    {
        $before = $this->key();
        touch($this->root.'/src/A.php', time() + 10);

        self::assertNotSame($before, $this->key());
    }

    public function testAFileOfAnotherSizeChangesIt(): void
    {
        $before = $this->key();
        $mtime = (int) filemtime($this->root.'/src/B.php');
        file_put_contents($this->root.'/src/B.php', "<?php class B { }\n");
        touch($this->root.'/src/B.php', $mtime);

        self::assertNotSame($before, $this->key());
    }

    public function testAnAddedOrRemovedFileChangesIt(): void
    {
        $before = $this->key();

        self::assertNotSame($before, $this->key(files: ['src/A.php']));
        file_put_contents($this->root.'/src/D.php', "<?php class D {}\n");
        self::assertNotSame($before, $this->key(files: ['src/A.php', 'src/B.php', 'src/D.php']));
    }

    public function testAChangedPermissionChangesIt(): void
    {
        $before = $this->key();
        clearstatcache();
        // ctime moves by the second: make sure it can.
        sleep(1);
        chmod($this->root.'/src/A.php', 0600);

        self::assertNotSame($before, $this->key());
    }

    public function testAChangedContextFileChangesIt(): void
    {
        $before = $this->key();
        touch($this->root.'/cache.php', time() + 10);

        self::assertNotSame($before, $this->key());
    }

    public function testAChangedComposerFileChangesIt(): void
    {
        $before = $this->key();
        file_put_contents($this->root.'/composer.json', "{\"name\": \"acme/app\"}\n");

        self::assertNotSame($before, $this->key());
        $before = $this->key();
        file_put_contents($this->root.'/composer.lock', "{}\n");
        self::assertNotSame($before, $this->key(), 'a lock file that appears');
    }

    public function testAChangedFileOfAVendorDirectoryFoundElsewhereChangesIt(): void
    {
        // A CMS's vendor/ in its core folder: its dumped rules decide the plan as the project's vendor/ would.
        mkdir($this->root.'/core/vendor/composer', 0o777, true);
        $before = $this->key(vendorDir: $this->root.'/core/vendor');
        file_put_contents($this->root.'/core/vendor/composer/autoload_psr4.php', "<?php return [];\n");

        self::assertNotSame($before, $this->key(vendorDir: $this->root.'/core/vendor'));
    }

    public function testComposersFilesWrittenAgainWithTheSameBytesDoNotChangeIt(): void
    {
        mkdir($this->root.'/vendor/composer', 0o777, true);
        $dumped = [
            'vendor/autoload.php' => "<?php return require __DIR__.'/composer/autoload_real.php';\n",
            'vendor/composer/autoload_real.php' => "<?php return null;\n",
            'vendor/composer/installed.php' => "<?php return [];\n",
            'vendor/composer/installed.json' => "{\"packages\": []}\n",
        ];
        foreach ($dumped as $file => $bytes) {
            file_put_contents($this->root.'/'.$file, $bytes);
        }
        $files = ['src/A.php', 'vendor/autoload.php', 'vendor/composer/autoload_real.php'];
        $before = $this->key(files: $files, vendorDir: $this->root.'/vendor');
        foreach ($dumped as $file => $bytes) {
            unlink($this->root.'/'.$file);
            file_put_contents($this->root.'/'.$file, $bytes);
            touch($this->root.'/'.$file, time() + 10);
        }

        self::assertSame($before, $this->key(files: $files, vendorDir: $this->root.'/vendor'));
        foreach (array_keys($dumped) as $file) {
            $mtime = (int) filemtime($this->root.'/'.$file);
            file_put_contents($this->root.'/'.$file, strtoupper($dumped[$file]));
            touch($this->root.'/'.$file, $mtime);
            self::assertNotSame($before, $this->key(files: $files, vendorDir: $this->root.'/vendor'), $file);
            file_put_contents($this->root.'/'.$file, $dumped[$file]);
            touch($this->root.'/'.$file, $mtime);
            self::assertSame($before, $this->key(files: $files, vendorDir: $this->root.'/vendor'), $file);
        }
        chmod($this->root.'/vendor/composer/installed.php', 0o600);
        self::assertNotSame($before, $this->key(files: $files, vendorDir: $this->root.'/vendor'), 'another mode');
    }

    public function testAFileOfTheAppWrittenAgainWithTheSameBytesStillChangesIt(): void
    {
        $before = $this->key();
        $bytes = (string) file_get_contents($this->root.'/src/A.php');
        unlink($this->root.'/src/A.php');
        file_put_contents($this->root.'/src/A.php', $bytes);
        touch($this->root.'/src/A.php', time() + 10);

        self::assertNotSame($before, $this->key(), 'only Composer\'s files are hashed');
    }

    public function testTheScriptItselfIsNoInput(): void
    {
        file_put_contents($this->root.'/preload.php', "<?php // the last run's script\n");
        $before = $this->key(files: ['src/A.php', 'preload.php']);
        file_put_contents($this->root.'/preload.php', "<?php // this run's script\n");

        self::assertSame($before, $this->key(files: ['src/A.php', 'preload.php']));
    }

    public function testAnyOptionChangesIt(): void
    {
        self::assertNotSame($this->key(), $this->key(options: 'strict'));
        self::assertNotSame($this->key(), $this->key(output: $this->root.'/other.php'));
    }

    public function testAChangedIniChangesIt(): void
    {
        $before = $this->key();
        $mtime = (int) filemtime($this->root.'/php.ini');
        // Same size and mtime: the content decides.
        file_put_contents($this->root.'/php.ini', "opcache.enable=0\n");
        touch($this->root.'/php.ini', $mtime);

        self::assertNotSame($before, $this->key());
    }

    public function testAnIniOfTheScanDirectoryChangesIt(): void
    {
        $before = $this->key();
        file_put_contents($this->root.'/conf.d/10-opcache.ini', "opcache.jit=tracing\n");
        self::assertNotSame($before, $this->key());

        $before = $this->key();
        file_put_contents($this->root.'/conf.d/20-more.ini', "memory_limit=1G\n");
        self::assertNotSame($before, $this->key(), 'an added file');
    }

    public function testAnotherOrAnUpgradedBinaryChangesIt(): void
    {
        $before = $this->key();
        copy($this->root.'/php', $this->root.'/php8.3');
        chmod($this->root.'/php8.3', 0755);
        self::assertNotSame($before, $this->key(php: $this->installation($this->root.'/php8.3')));

        file_put_contents($this->root.'/php', "#!/bin/sh\n# upgraded\n");
        self::assertNotSame($before, $this->key());

        $before = $this->key();
        touch($this->root.'/php-fpm', time() + 10);
        self::assertNotSame($before, $this->key(), 'the php-fpm binary');
    }

    public function testSettingsOverridesAndTheUserChangeIt(): void
    {
        $php = $this->installation();
        $before = $this->key();

        self::assertNotSame($before, $this->key(php: $php->withSettings(
            $php->settings->withOverride('opcache.memory_consumption', '256', '--opcache-memory'),
        )));
        self::assertNotSame($before, $this->key(php: new PhpInstallation(
            $php->phpBinary,
            $php->fpmBinary,
            $php->settings,
            'nobody',
            '--user',
        )));
    }

    /** @param list<string> $files relative to the root */
    private function key(
        array $files = ['src/A.php', 'src/B.php'],
        string $options = '',
        ?PhpInstallation $php = null,
        ?string $output = null,
        ?string $vendorDir = null,
    ): string {
        return ReuseKey::of(
            $this->root,
            array_map(fn (string $f): string => $this->root.'/'.$f, $files),
            [$this->root.'/cache.php'],
            $options,
            $php ?? $this->installation(),
            $output ?? $this->root.'/preload.php',
            $vendorDir,
        );
    }

    private function installation(?string $binary = null): PhpInstallation
    {
        return new PhpInstallation(
            $binary ?? $this->root.'/php',
            $this->root.'/php-fpm',
            new PhpSettings(
                $this->root.'/php.ini',
                '--ini',
                $this->root.'/conf.d',
                ['opcache.memory_consumption' => '128'],
            ),
            'www-data',
            'pool.d/www.conf',
        );
    }
}
