<?php

declare(strict_types=1);

namespace Preheat\Tests\Integration;

use PHPUnit\Framework\Attributes\DataProvider;
use PHPUnit\Framework\Attributes\Group;
use PHPUnit\Framework\TestCase;
use Preheat\Tests\Support\BenchProcesses;
use Preheat\Tests\Support\TemporaryDirectory;
use Symfony\Component\Process\Process;

/**
 * A server that already preloads: php-fpm's .ini directory (PHP_INI_SCAN_DIR, as the official image keeps OPcache's
 * settings) names a preload script that leaves a marker each time it runs, and an auto_prepend_file that does too.
 * Nothing Preheat runs to learn about PHP may run either: not `php-fpm -i` or `-tt`, not a CLI probe (the CLI reads the
 * same directory here, with OPcache on). A bench scenario runs the app, prepend file and all, but preloads only what
 * it says: `none` nothing.
 */
#[Group('integration')]
final class ServerThatPreloadsTest extends TestCase
{
    private const FPM_SCAN_DIR = '/etc/php/'.\PHP_MAJOR_VERSION.'.'.\PHP_MINOR_VERSION.'/fpm/conf.d';

    private TemporaryDirectory $directory;
    private string $scanDir;
    private string $markers;

    protected function setUp(): void
    {
        if (!is_dir(self::FPM_SCAN_DIR)) {
            self::markTestSkipped('no php-fpm .ini directory at '.self::FPM_SCAN_DIR);
        }
        $this->directory = new TemporaryDirectory('preheat-preloading-server-');
        // php-fpm's workers and the preload run as the pool's user when the tests run as root.
        chmod($this->directory->path, 0755);
        $this->markers = $this->directory->path.'/markers';
        mkdir($this->markers);
        chmod($this->markers, 01777);
        $this->scanDir = $this->directory->path.'/conf.d';
        mkdir($this->scanDir);
        foreach (glob(self::FPM_SCAN_DIR.'/*.ini') ?: [] as $ini) {
            copy($ini, $this->scanDir.'/'.basename($ini));
        }
        $preload = $this->write('server-preload.php', "<?php\nfinal class ServerPreloaded {}\n".$this->marker('preload'));
        $prepend = $this->write('server-prepend.php', "<?php\n".$this->marker('prepend'));
        $root = \function_exists('posix_geteuid') && 0 === posix_geteuid();
        file_put_contents($this->scanDir.'/99-server-preload.ini', implode("\n", [
            'opcache.enable=1',
            'opcache.enable_cli=1',
            'opcache.preload='.$preload,
            ...($root ? ['opcache.preload_user=www-data'] : []),
            'auto_prepend_file='.$prepend,
        ])."\n");
    }

    protected function tearDown(): void
    {
        if (isset($this->directory)) {
            $this->directory->remove();
        }
        self::assertSame([], BenchProcesses::leftBehind(), 'no php-fpm, nginx or apache2 may survive a command');
    }

    public function testTheServersPreloadRunsWhereItShould(): void
    {
        // The fixture itself: without Preheat in the way, php-fpm runs the preload and the CLI the prepend file.
        (new Process([self::fpmBinary(), '-i'], null, ['PHP_INI_SCAN_DIR' => $this->scanDir]))->run();
        (new Process([\PHP_BINARY, $this->write('hello.php', "<?php\n")], null, ['PHP_INI_SCAN_DIR' => $this->scanDir]))->run();

        self::assertSame(['preload', 'prepend'], array_keys($this->markersLeft()));
    }

    public function testGenerateVerifyDoctorAndStatusLearnAboutPhpWithoutRunningThePreloadOrThePrependFile(): void
    {
        $project = $this->directory->path.'/project';
        (new Process(['cp', '-a', \dirname(__DIR__).'/Fixtures/projects/clean/project', $project]))->mustRun();
        @unlink($project.'/preload.php');
        $script = $project.'/preload.php';

        $generate = $this->preheat(['generate', '--project='.$project, '--output='.$script, '--no-cache']);
        self::assertSame(0, $generate->getExitCode(), $generate->getErrorOutput());
        self::assertSame([], $this->markersLeft(), 'generate');

        // Another PHP than Preheat's own is asked for its include_path and built-in classes (a PHP that preloads
        // would report the preloaded classes as built in).
        $otherPhp = $this->directory->path.'/bin/php'.\PHP_MAJOR_VERSION.'.'.\PHP_MINOR_VERSION;
        mkdir(\dirname($otherPhp));
        file_put_contents($otherPhp, "#!/bin/sh\nexec ".escapeshellarg(\PHP_BINARY).' "$@"'."\n");
        chmod($otherPhp, 0755);
        $other = $this->preheat(['generate', '--project='.$project, '--output='.$script, '--no-cache', '--php='.$otherPhp]);
        self::assertSame(0, $other->getExitCode(), $other->getErrorOutput());
        self::assertSame([], $this->markersLeft(), 'generate with another PHP');

        $verify = $this->preheat(['verify', $script]);
        self::assertSame(0, $verify->getExitCode(), $verify->getOutput().$verify->getErrorOutput());
        self::assertSame([], $this->markersLeft(), 'verify');

        $doctor = $this->preheat(['doctor', '--project='.$project, '--format=json']);
        $report = json_decode($doctor->getOutput(), true);
        self::assertIsArray($report, $doctor->getOutput().$doctor->getErrorOutput());
        self::assertSame($this->directory->path.'/server-preload.php', $report['server']['settings']['opcache.preload'], 'read, not run');
        self::assertSame([], $this->markersLeft(), 'doctor');

        // No php-fpm listens: status fails to reach it, after finding where to ask.
        $status = $this->preheat(['status', $script, '--project='.$project, '--wait=1']);
        self::assertNotSame(0, $status->getExitCode());
        self::assertNotSame(70, $status->getExitCode(), $status->getErrorOutput());
        self::assertSame([], $this->markersLeft(), 'status');
    }

    /** @return iterable<string, array{string}> */
    public static function runtimes(): iterable
    {
        yield 'nginx and php-fpm' => ['fpm'];
        yield 'Apache with mod_php' => ['mod_php'];
        yield 'persistent workers' => ['worker'];
    }

    #[DataProvider('runtimes')]
    public function testEveryBenchScenarioPreloadsOnlyWhatItSaysAndNoneNothing(string $runtime): void
    {
        $bench = $this->preheat([
            'bench', '--project='.\dirname(__DIR__).'/Fixtures/bench/app', '--runtime='.$runtime, '--scenario=none',
            '--scenario=all', '--url=/', '--rounds=1', '--max-time=0', '--duration=1', '--warmup=0', '--concurrency=1',
            '--workers=1', '--format=json',
        ], 300);
        $report = json_decode($bench->getOutput(), true);
        self::assertIsArray($report, $bench->getOutput().$bench->getErrorOutput());
        [$none, $all] = $report['scenarios'];
        self::assertTrue($none['measured'], json_encode($none['problems']) ?: '');
        self::assertSame(0, $none['preload']['classes'] ?? null, json_encode($none) ?: '');
        self::assertTrue($all['measured'], json_encode($all['problems']) ?: '');
        self::assertStringContainsString('server-preload.php', $report['environment']['phpIni'], 'the ini\'s own preload is named');
        self::assertArrayNotHasKey('preload', $this->markersLeft(), 'no scenario preloads the server\'s script');
        self::assertArrayHasKey('prepend', $this->markersLeft(), 'the app runs with its own ini, prepend file and all');
    }

    public function testTheBaselineStartsWhenTheServersPreloadScriptIsGone(): void
    {
        unlink($this->directory->path.'/server-preload.php');

        $bench = $this->preheat([
            'bench', '--project='.\dirname(__DIR__).'/Fixtures/bench/app', '--scenario=none', '--url=/', '--rounds=1',
            '--max-time=0', '--duration=1', '--warmup=0', '--concurrency=1', '--workers=1', '--format=json',
        ], 300);

        $report = json_decode($bench->getOutput(), true);
        self::assertIsArray($report, $bench->getOutput().$bench->getErrorOutput());
        self::assertTrue($report['scenarios'][0]['measured'], $bench->getErrorOutput());
    }

    /** @param list<string> $arguments */
    private function preheat(array $arguments, int $timeout = 180): Process
    {
        // Preheat's own CLI does not preload (its php.ini would be the user's to fix): what it starts is tested.
        $process = new Process(
            [\PHP_BINARY, '-d', 'opcache.enable_cli=0', '-d', 'auto_prepend_file=', \dirname(__DIR__, 2).'/bin/preheat', ...$arguments],
            null,
            ['PHP_INI_SCAN_DIR' => $this->scanDir],
            null,
            $timeout,
        );
        $process->run();

        return $process;
    }

    /** @return array<string, string> marker => what wrote it */
    private function markersLeft(): array
    {
        $left = [];
        foreach (glob($this->markers.'/*') ?: [] as $file) {
            $left[basename($file)] = (string) file_get_contents($file);
        }
        ksort($left);

        return $left;
    }

    private function marker(string $name): string
    {
        return 'file_put_contents('.var_export($this->markers.'/'.$name, true).', PHP_SAPI." ".getmypid()."\n", FILE_APPEND);'."\n";
    }

    private function write(string $name, string $contents): string
    {
        $path = $this->directory->path.'/'.$name;
        file_put_contents($path, $contents);
        chmod($path, 0644);

        return $path;
    }

    private static function fpmBinary(): string
    {
        return '/usr/sbin/php-fpm'.\PHP_MAJOR_VERSION.'.'.\PHP_MINOR_VERSION;
    }
}
