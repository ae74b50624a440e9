<?php

declare(strict_types=1);

namespace Preheat\Tests\Integration;

use PHPUnit\Framework\Attributes\Group;
use PHPUnit\Framework\TestCase;
use Preheat\Tests\Support\BenchProcesses;
use Preheat\Tests\Support\TemporaryDirectory;
use Symfony\Component\Process\Process;

/**
 * `preheat bench --ladder` on a small Composer-built app, on real php-fpm and nginx, in one short
 * round: every rung passes the gate (the pages of each are those of the baseline), the autoloader rung
 * runs Composer's own loader with an authoritative classmap, the ceiling runs on persistent workers (the app booted once).
 */
#[Group('integration')]
final class LadderTest extends TestCase
{
    private TemporaryDirectory $directory;

    protected function setUp(): void
    {
        $this->directory = new TemporaryDirectory();
        // php-fpm's workers run as the pool's user (www-data when the tests run as root): they read the app.
        chmod($this->directory->path, 0755);
    }

    protected function tearDown(): void
    {
        $this->directory->remove();
        self::assertSame([], BenchProcesses::leftBehind(), 'no php-fpm, nginx, apache2 or worker may survive a ladder');
    }

    public function testEveryRungOfAComposerAppPassesTheGateAndIsReported(): void
    {
        $app = $this->directory->path.'/app';
        (new Process(['cp', '-R', \dirname(__DIR__).'/Fixtures/bench/composer-app', $app]))->mustRun();
        // No package to download: Composer only writes vendor/ (its loader, installed.json).
        (new Process(['composer', 'install', '--no-interaction', '--quiet'], $app, ['COMPOSER_ALLOW_SUPERUSER' => '1', 'COMPOSER_DISABLE_NETWORK' => '1'], null, 120))->mustRun();
        $vendor = (string) file_get_contents($app.'/vendor/composer/autoload_static.php');
        $out = $this->directory->path.'/report';

        $process = new Process([
            \PHP_BINARY, \dirname(__DIR__, 2).'/bin/preheat', 'bench', '--project='.$app, '--ladder',
            '--rounds=1', '--max-time=0', '--duration=1', '--warmup=0', '--concurrency=1', '--workers=1', '--format=json', '--out='.$out,
        ], null, null, null, 240);
        $process->run();
        $report = json_decode($process->getOutput(), true);

        self::assertIsArray($report, $process->getErrorOutput());
        self::assertSame(0, $process->getExitCode(), 'a rung that does not apply or a runtime not there is no failure: '.$process->getErrorOutput());
        $rungs = array_column($report['ladder']['rungs'], null, 'scenario');
        foreach (['1-baseline', '2-opcache-sizing', '3-autoloader', '4-preload-hot', '5-preload-all', '6-ceiling', 'hot-app-autoloader', 'all-app-autoloader'] as $rung) {
            self::assertTrue($rungs[$rung]['measured'], $rung.' passes the gate: '.$process->getErrorOutput());
        }
        $scenarios = array_column($report['scenarios'], null, 'name');
        // App\Renderable, Greeting and HomePage; Composer's classmap (not optimised) has its own Composer\InstalledVersions.
        self::assertStringContainsString('Composer\'s class loader made authoritative (as dump-autoload --classmap-authoritative), and the 3 scanned classes its classmap lacks (it maps 1) answered on its misses', $scenarios['3-autoloader']['preparation']);
        self::assertStringContainsString('validate_timestamps=0', $scenarios['2-opcache-sizing']['preparation']);
        self::assertStringContainsString('the php.ini as it is', $scenarios['1-baseline']['preparation']);
        // Rungs 4 and 5 and their references preload two generated scripts, each written and verified once.
        self::assertSame(2, substr_count($process->getErrorOutput(), 'Booted PHP with the script'), $process->getErrorOutput());
        self::assertSame('5-preload-all', $rungs['6-ceiling']['below']);
        self::assertSame('2-opcache-sizing', $rungs['3-autoloader']['below']);
        self::assertArrayHasKey('median', $rungs['3-autoloader']['gainOverBelow']);
        self::assertSame($vendor, file_get_contents($app.'/vendor/composer/autoload_static.php'), 'the app\'s vendor/ is not touched');
        self::assertStringContainsString('# Preheat ladder', (string) file_get_contents($out.'/report.md'));
        self::assertStringContainsString('>3 autoloader<', (string) file_get_contents($out.'/chart.svg'));
    }
}
