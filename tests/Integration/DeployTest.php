<?php

declare(strict_types=1);

namespace Preheat\Tests\Integration;

use PHPUnit\Framework\Attributes\Group;
use PHPUnit\Framework\TestCase;
use Preheat\Tests\Support\BenchProcesses;
use Preheat\Tests\Support\DeployRecipe;
use Preheat\Tests\Support\PharBuild;
use Preheat\Tests\Support\TemporaryDirectory;
use Symfony\Component\Process\ExecutableFinder;
use Symfony\Component\Process\Process;

/**
 * doc/deploying.md's recipe, run as written: its shell blocks (build, switch, restart, check) are read
 * from the doc and run with bash, with preheat.phar, against the php.ini of a php-fpm of this test whose
 * opcache.preload names the script through the `current` symlink. Release 1 is FRESH after the restart;
 * release 2 is STALE once switched, until the restart (a new master, the old one stopped by its PID),
 * then FRESH.
 */
#[Group('integration')]
final class DeployTest extends TestCase
{
    private TemporaryDirectory $directory;

    protected function setUp(): void
    {
        $this->directory = new TemporaryDirectory('preheat-deploy-');
    }

    protected function tearDown(): void
    {
        $pid = $this->masterPid();
        if (null !== $pid) {
            posix_kill($pid, \SIGTERM);
            for ($deadline = microtime(true) + 10; file_exists('/proc/'.$pid) && microtime(true) < $deadline;) {
                usleep(20_000);
            }
        }
        $this->directory->remove();
        self::assertSame([], BenchProcesses::leftBehind(), 'the php-fpm this test started must be stopped');
    }

    public function testTheDocumentedRecipeDeploysTwoReleasesFreshStaleUntilTheRestartThenFresh(): void
    {
        self::assertNotNull((new ExecutableFinder())->find('composer'), 'Composer is needed (Debian: composer)');
        $fpmBinary = '/usr/sbin/php-fpm'.\PHP_MAJOR_VERSION.'.'.\PHP_MINOR_VERSION;
        self::assertFileExists($fpmBinary, 'php-fpm of this PHP is needed');
        $recipe = DeployRecipe::blocks();
        $root = $this->directory->path;
        $source = $root.'/source';
        (new Process(['cp', '-a', \dirname(__DIR__).'/Fixtures/phar/app', $source]))->mustRun();
        $fpm = $this->configureFpm($root.'/app/current/preload.php');
        $environment = [
            'APP' => $root.'/app',
            // Split by the shell as the recipe's $PREHEAT is: paths without spaces, as the test's are.
            'PREHEAT' => \PHP_BINARY.' '.PharBuild::path(),
            'PHP_INI' => $fpm.'/php.ini',
            'FPM' => $fpm.'/fpm.sock',
            'RESTART_PHP_FPM' => \PHP_BINARY.' '.\dirname(__DIR__).'/Fixtures/deploy/restart-php-fpm.php '.$fpm,
            'SOURCE' => $source,
            'COMPOSER_NO_INTERACTION' => '1',
        ];

        $environment['RELEASE'] = '1';
        foreach (DeployRecipe::BLOCKS as $block) {
            $step = DeployRecipe::step($recipe[$block], $environment, $this->directory->path);
            self::assertSame(0, $step->getExitCode(), $block.': '.$step->getOutput().$step->getErrorOutput());
        }
        self::assertStringContainsString('FRESH', $step->getOutput());
        self::assertSame($root.'/app/releases/1', readlink($root.'/app/current'));
        $first = $this->masterPid();
        self::assertNotNull($first);

        // Release 2 changes a preloaded class.
        file_put_contents($source.'/src/Greeter.php', "\n// release 2\n", \FILE_APPEND);
        $environment['RELEASE'] = '2';
        foreach (['build', 'switch'] as $block) {
            $step = DeployRecipe::step($recipe[$block], $environment, $this->directory->path);
            self::assertSame(0, $step->getExitCode(), $block.': '.$step->getOutput().$step->getErrorOutput());
        }
        $stale = DeployRecipe::step($recipe['check'], $environment, $this->directory->path);
        self::assertSame(1, $stale->getExitCode(), $stale->getOutput().$stale->getErrorOutput());
        self::assertStringContainsString('STALE', $stale->getOutput());
        self::assertStringContainsString('restart php-fpm', $stale->getOutput());

        foreach (['restart', 'check'] as $block) {
            $step = DeployRecipe::step($recipe[$block], $environment, $this->directory->path);
            self::assertSame(0, $step->getExitCode(), $block.': '.$step->getOutput().$step->getErrorOutput());
        }
        self::assertStringContainsString('FRESH', $step->getOutput());
        self::assertNotSame($first, $this->masterPid(), 'a new master');
        $state = (string) @file_get_contents('/proc/'.$first.'/stat');
        // Gone, or a zombie: it exited and only its parent (whoever adopted the daemon) has not collected it.
        self::assertMatchesRegularExpression('/^$|^\d+ \(.*\) Z /s', $state, 'the old master was stopped');
    }

    /** php-fpm's php.ini and pool for this test: what the recipe's $PHP_INI and $FPM name. */
    private function configureFpm(string $preload): string
    {
        $directory = $this->directory->path.'/fpm';
        mkdir($directory);
        $root = 0 === posix_geteuid();
        file_put_contents($directory.'/php-fpm.conf', implode("\n", array_filter([
            '[global]',
            'pid = '.$directory.'/fpm.pid',
            'error_log = '.$directory.'/fpm.log',
            'daemonize = yes',
            '[app]',
            $root ? 'user = root' : null,
            $root ? 'group = root' : null,
            'listen = '.$directory.'/fpm.sock',
            'pm = static',
            'pm.max_children = 1',
        ]))."\n");
        file_put_contents($directory.'/php.ini', implode("\n", array_filter([
            'opcache.enable=1',
            'opcache.preload='.$preload,
            $root ? 'opcache.preload_user=root' : null,
        ]))."\n");

        return $directory;
    }

    private function masterPid(): ?int
    {
        $file = $this->directory->path.'/fpm/fpm.pid';
        $pid = is_file($file) ? (int) file_get_contents($file) : 0;

        return $pid > 0 ? $pid : null;
    }
}
