<?php

declare(strict_types=1);

namespace Preheat\Tests\Unit\Script\Verify;

use PHPUnit\Framework\TestCase;
use Preheat\Composer\AutoloadRules;
use Preheat\Composer\ComposerProject;
use Preheat\Inventory\SourceSelection;
use Preheat\Php\PoolUser;
use Preheat\Script\Verify\AppFiles;
use Preheat\Script\Verify\PreloadUserAccess;
use Preheat\Script\Verify\UnreadableByPreloadUser;
use Preheat\Script\Verify\UnreadableFiles;
use Preheat\Tests\Support\TemporaryDirectory;
use Symfony\Component\Process\Process;

/**
 * Whether the pool's user can reach every file the app can load, and the one command that fixes what it cannot:
 * run, it leaves nothing for the same check to find.
 */
final class PoolUserReadabilityTest extends TestCase
{
    private TemporaryDirectory $directory;
    private string $app;
    private PoolUser $stranger;

    protected function setUp(): void
    {
        $this->directory = new TemporaryDirectory();
        chmod($this->directory->path, 0o755);
        $this->app = $this->directory->path.'/app';
        // A user that owns none of these files and is in none of their groups.
        $this->stranger = new PoolUser('pool', 54321, 54321, [54321]);
    }

    protected function tearDown(): void
    {
        $this->directory->remove();
    }

    public function testFindsEveryClosedDirectoryAndUnreadableFileAndTheFixLeavesNone(): void
    {
        $planned = $this->write('src/Thing.php', 0o644);
        $autoloaded = $this->write('vendor/ralouphie/getallheaders/src/getallheaders.php', 0o600);
        $deep = $this->write('vendor/acme/lib/src/Inner/Deep.php', 0o600);
        $open = $this->write('vendor/acme/lib/src/Open.php', 0o644);
        chmod($this->app.'/vendor/acme/lib', 0o700);
        chmod($this->app.'/vendor/acme/lib/src/Inner', 0o700);
        $odd = $this->write("vendor/it's \$odd/x y/File.php", 0o600);
        $access = new PreloadUserAccess();

        self::assertFalse($access->survey($this->stranger, [$planned])->found(), 'the planned file alone is fine');
        $found = $access->survey($this->stranger, [$planned, $autoloaded, $deep, $open, $odd]);
        self::assertTrue($found->found());
        self::assertSame([$autoloaded, $deep, $odd], array_keys($found->unreadable));
        self::assertSame(
            [$this->app.'/vendor/acme/lib', $this->app.'/vendor/acme/lib/src/Inner'],
            array_keys($found->closedDirectories),
            'every closed directory on the way, the inner one too',
        );
        self::assertSame(5, $found->checked);
        self::assertTrue($found->complete());

        $fix = $found->fix();
        self::assertSame(1, substr_count($fix, 'chmod -R a+rX'), 'one command: '.$fix);
        $run = Process::fromShellCommandline($fix);
        $run->run();
        self::assertTrue($run->isSuccessful(), $fix.': '.$run->getErrorOutput());
        $again = $access->survey($this->stranger, [$planned, $autoloaded, $deep, $open, $odd]);
        self::assertFalse($again->found(), 'after '.$fix.': '.implode("\n", $again->lines('pool', 'files')));
    }

    public function testADirectoryHoldingHiddenEntriesIsNotOpenedWholeOnlyItsUnreadableFiles(): void
    {
        // A WordPress-like root: PHP files beside .env and .git, which the fix must leave as they are.
        $config = $this->write('wp-config.php', 0o600);
        $index = $this->write('index.php', 0o600);
        $deep = $this->write('wp-includes/class-wp.php', 0o600);
        $secret = $this->write('.env', 0o600);
        $history = $this->write('.git/config', 0o600);
        $access = new PreloadUserAccess();

        $fix = $access->survey($this->stranger, [$config, $index, $deep])->fix();

        self::assertSame(
            'chmod a+r '.$this->app.'/index.php '.$this->app.'/wp-config.php && chmod -R a+rX '.$this->app.'/wp-includes',
            $fix,
        );
        $run = Process::fromShellCommandline($fix);
        $run->run();
        self::assertTrue($run->isSuccessful(), $fix.': '.$run->getErrorOutput());
        self::assertFalse($access->survey($this->stranger, [$config, $index, $deep])->found(), 'after '.$fix);
        self::assertSame(0o600, fileperms($secret) & 0o777, '.env stays private');
        self::assertSame(0o600, fileperms($history) & 0o777, '.git stays private');
    }

    /** The preload fails on a planned file: the exit-3 fix covers the app's other files too, said apart. */
    public function testThePreloadsFixCoversTheAppsOtherFiles(): void
    {
        if (!\function_exists('posix_getpwnam') || false === posix_getpwnam('www-data') || 0 === posix_getpwnam('www-data')['uid']) {
            self::markTestSkipped('needs the user www-data');
        }
        $planned = $this->write('src/Thing.php', 0o600);
        $autoloaded = $this->write('vendor/ralouphie/getallheaders/src/getallheaders.php', 0o600);
        try {
            (new PreloadUserAccess())->check('www-data', '--pool-user', [$planned], [], [$planned, $autoloaded]);
            self::fail('www-data cannot read the planned file');
        } catch (UnreadableByPreloadUser $error) {
            $message = $error->getMessage();
        }

        self::assertStringContainsString('cannot read 1 of the 1 files to preload:', $message);
        self::assertStringContainsString('requests would fail on 1 more file or directory of the app it cannot reach (e.g. '.$autoloaded, $message);
        self::assertStringContainsString('Fix: chmod -R a+rX '.$this->app.'/src '.$this->app.'/vendor/ralouphie/getallheaders/src (or install', $message);
        self::assertNull((new PreloadUserAccess())->checkApp('root', [$planned]), 'root reads everything');
    }

    public function testTheFixFoldsDirectoriesAndOpensOnlyTheWayAboveThem(): void
    {
        $found = new UnreadableFiles(
            ['/srv' => 'mode 0700', '/srv/app/vendor/a' => 'mode 0700'],
            [
                '/srv/app/vendor/a/src/X.php' => 'mode 0600',
                '/srv/app/vendor/a/src/deeper/Y.php' => 'mode 0600',
                '/srv/app/vendor/a-b/Z.php' => 'mode 0600',
                '/srv/app/vendor/a b/W.php' => 'mode 0600',
            ],
            4,
            10,
        );

        self::assertSame(
            "chmod a+x /srv /srv/app/vendor/a && chmod -R a+rX '/srv/app/vendor/a b' /srv/app/vendor/a-b "
            .'/srv/app/vendor/a/src',
            $found->fix(),
        );
        $under = new UnreadableFiles(['/srv/app/vendor/a/src/deeper' => 'mode 0700'], ['/srv/app/vendor/a/src/X.php' => 'x'], 1, 1);
        self::assertSame('chmod -R a+rX /srv/app/vendor/a/src', $under->fix(), 'a closed directory under one made readable');
        self::assertSame('', (new UnreadableFiles([], [], 3, 3))->fix());
    }

    public function testStopsAtItsBoundAndSaysSo(): void
    {
        $files = [$this->write('a/One.php', 0o600), $this->write('a/Two.php', 0o600), $this->write('a/Three.php', 0o600)];
        $found = (new PreloadUserAccess('/etc/group', 2))->survey($this->stranger, $files);

        self::assertSame(2, $found->checked);
        self::assertFalse($found->complete());
        self::assertStringContainsString('checked 2 of the 3 files', implode("\n", $found->lines('pool', 'files')));
    }

    public function testAppFilesAreTheScannedTreeAndComposersFilesInsideTheProject(): void
    {
        $class = $this->write('src/Thing.php', 0o644);
        $cache = $this->write('var/cache/Container.php', 0o644);
        $included = $this->write('vendor/ralouphie/getallheaders/src/getallheaders.php', 0o644);
        $mapped = $this->write('vendor/acme/lib/Mapped.php', 0o644);
        $outside = $this->directory->path.'/elsewhere/Outside.php';
        mkdir(\dirname($outside));
        file_put_contents($outside, "<?php\n");
        symlink(\dirname($outside), $this->app.'/vendor/linked');
        $project = new ComposerProject(
            $this->app,
            $this->app.'/vendor',
            [],
            new AutoloadRules(['Acme\Mapped' => $mapped, 'Linked\Outside' => $this->app.'/vendor/linked/Outside.php'], [], [], [$included]),
            [],
        );

        self::assertSame(
            [$class, $cache, $mapped, $included],
            AppFiles::of($project, new SourceSelection([$class], [$cache], [])),
            'what the autoloader includes though nothing scanned it, never a file through a link out of the project',
        );
    }

    private function write(string $path, int $mode): string
    {
        $file = $this->app.'/'.$path;
        if (!is_dir(\dirname($file))) {
            mkdir(\dirname($file), 0o755, true);
        }
        file_put_contents($file, "<?php\n");
        chmod($file, $mode);

        return $file;
    }
}
