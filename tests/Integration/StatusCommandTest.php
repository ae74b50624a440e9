<?php

declare(strict_types=1);

namespace Preheat\Tests\Integration;

use PHPUnit\Framework\TestCase;
use Preheat\Server\Ports;
use Preheat\Tests\Support\BenchProcesses;
use Preheat\Tests\Support\ExpositionValidators;
use Preheat\Tests\Support\OpenMetricsParser;
use Preheat\Tests\Support\PreheatProcess;
use Preheat\Tests\Support\TemporaryDirectory;
use Symfony\Component\Process\ExecutableFinder;
use Symfony\Component\Process\Process;

/**
 * `preheat status` against a real php-fpm started here (a loopback port, stopped by PID): fresh after
 * start; stale after a simulated deploy (a file changed and the script generated again, php-fpm not
 * restarted), saying "restart php-fpm"; fresh again after a restart.
 */
final class StatusCommandTest extends TestCase
{
    private TemporaryDirectory $directory;
    private ?Process $fpm = null;
    private int $port = 0;

    protected function setUp(): void
    {
        $this->directory = new TemporaryDirectory('preheat-status-');
        (new Process(['cp', '-a', __DIR__.'/../Fixtures/projects/clean/project', $this->directory->path.'/app']))->mustRun();
        @unlink($this->directory->path.'/app/preload.php');
    }

    protected function tearDown(): void
    {
        $this->stopFpm();
        $this->directory->remove();
        self::assertSame([], BenchProcesses::leftBehind(), 'the php-fpm this test started must be stopped');
    }

    public function testFreshThenStaleAfterADeployWithoutRestartThenFreshAfterRestart(): void
    {
        $app = $this->directory->path.'/app';
        $this->generate();
        $this->startFpm();

        [$fresh, $process] = PreheatProcess::json(['status', $app.'/preload.php', '--fastcgi=127.0.0.1:'.$this->port]);
        self::assertSame(0, $process->getExitCode(), $process->getErrorOutput());
        self::assertTrue($fresh['fresh']);
        self::assertSame($fresh['onDisk'], $fresh['running']);
        self::assertSame(5, $fresh['preloadedClasses'], 'the app\'s classes, not the manifest');

        // A change on disk the script was not generated for: the script itself is stale.
        $controller = $app.'/src/Controller/HomeController.php';
        file_put_contents($controller, (string) file_get_contents($controller)."\n// release 2\n");
        $changed = PreheatProcess::run(['status', $app.'/preload.php', '--fastcgi=127.0.0.1:'.$this->port]);
        self::assertSame(1, $changed->getExitCode(), $changed->getOutput().$changed->getErrorOutput());
        self::assertStringContainsString('the files the script preloads changed since it was generated', $changed->getOutput());
        self::assertStringContainsString('To do: run `preheat generate`, then restart php-fpm', $changed->getOutput());

        // The deploy generates the script again but does not restart php-fpm.
        $this->generate();
        [$stale, $process] = PreheatProcess::json(['status', $app.'/preload.php', '--fastcgi=127.0.0.1:'.$this->port]);
        self::assertSame(1, $process->getExitCode());
        self::assertFalse($stale['fresh']);
        self::assertSame($fresh['running'], $stale['running'], 'php-fpm still serves what it preloaded at start');
        self::assertNotSame($stale['running']['sources'], $stale['onDisk']['sources']);
        self::assertStringStartsWith('restart php-fpm', (string) $stale['action']);
        $text = PreheatProcess::run(['status', $app.'/preload.php', '--fastcgi=127.0.0.1:'.$this->port]);
        self::assertStringContainsString('STALE:', $text->getOutput());
        self::assertStringContainsString('php-fpm preloaded another version of the script', $text->getOutput());
        self::assertStringContainsString('To do: restart php-fpm', $text->getOutput());

        $this->stopFpm();
        $this->startFpm();
        // Without --fastcgi: the address is the pool's `listen =`.
        file_put_contents($this->directory->path.'/pool.conf', "[www]\nlisten = 127.0.0.1:{$this->port}\npm = static\npm.max_children = 1\n");
        $restarted = PreheatProcess::run(['status', $app.'/preload.php', '--pool='.$this->directory->path.'/pool.conf']);
        self::assertSame(0, $restarted->getExitCode(), $restarted->getOutput());
        self::assertStringContainsString('FRESH', $restarted->getOutput());
        self::assertSame([], glob($app.'/.preheat-status-*') ?: [], 'the probe is removed after each request');
    }

    public function testMetricsForFreshStaleAndAServerThatIsGone(): void
    {
        $app = $this->directory->path.'/app';
        $this->generate();
        $this->startFpm();
        $status = ['status', $app.'/preload.php', '--fastcgi=127.0.0.1:'.$this->port, '--format=openmetrics'];

        $fresh = PreheatProcess::run($status);
        self::assertSame(0, $fresh->getExitCode(), $fresh->getErrorOutput());
        $families = self::parse($fresh->getOutput());
        self::assertSame(['fresh' => '1', 'stale' => '0', 'unknown' => '0'], self::byLabel($families, 'preheat_preload_state', 'state'));
        self::assertSame('1', self::value($families, 'preheat_status_up'));
        self::assertSame('5', self::value($families, 'preheat_preload_classes'), 'the app\'s classes, not the manifest');
        self::assertGreaterThan(0, (int) self::value($families, 'preheat_preload_scripts'));
        self::assertGreaterThan(0, (int) self::value($families, 'preheat_preload_memory_bytes'));
        self::assertGreaterThan((int) self::value($families, 'preheat_opcache_memory_used_bytes'), (int) self::value($families, 'preheat_opcache_memory_size_bytes'));
        self::assertGreaterThan((int) self::value($families, 'preheat_opcache_interned_strings_used_bytes'), (int) self::value($families, 'preheat_opcache_interned_strings_size_bytes'));
        self::assertGreaterThan(0, (int) self::value($families, 'preheat_opcache_interned_strings_used_bytes'));
        self::assertSame(['oom' => '0', 'hash' => '0', 'manual' => '0'], self::byLabel($families, 'preheat_opcache_restarts_total', 'reason'));
        $started = (int) self::value($families, 'preheat_opcache_start_timestamp_seconds');
        self::assertEqualsWithDelta(time(), $started, 120);
        self::assertLessThanOrEqual($started, (int) self::value($families, 'preheat_preload_script_modified_timestamp_seconds'));
        self::assertSame(realpath($app.'/preload.php'), $families['preheat_status_up']['samples'][0]['labels']['script']);
        // The same as node_exporter's textfile collector reads it: text format 0.0.4, the counter typed.
        $prometheus = PreheatProcess::run([...\array_slice($status, 0, -1), '--format=prometheus']);
        self::assertSame(0, $prometheus->getExitCode(), $prometheus->getErrorOutput());
        $read = ExpositionValidators::prometheusTextFamilies($prometheus->getOutput());
        self::assertSame('counter', $read['preheat_opcache_restarts']['type']);
        self::assertSame(['preheat_opcache_restarts_total'], array_unique(array_column($read['preheat_opcache_restarts']['samples'], 'name')));
        self::assertSame('gauge', $read['preheat_preload_state']['type']);

        // A deploy that generates again without restarting php-fpm: stale, the script newer than OPcache's start.
        sleep(1);
        file_put_contents($app.'/src/Controller/HomeController.php', "\n// release 2\n", \FILE_APPEND);
        $this->generate();
        $stale = PreheatProcess::run($status);
        self::assertSame(1, $stale->getExitCode(), $stale->getErrorOutput());
        $families = self::parse($stale->getOutput());
        self::assertSame(['fresh' => '0', 'stale' => '1', 'unknown' => '0'], self::byLabel($families, 'preheat_preload_state', 'state'));
        self::assertSame('1', self::byLabel($families, 'preheat_preload_stale_reason', 'reason')['other-version-preloaded']);
        self::assertSame('0', self::byLabel($families, 'preheat_preload_stale_reason', 'reason')['files-changed']);
        self::assertGreaterThan($started, (int) self::value($families, 'preheat_preload_script_modified_timestamp_seconds'));

        // php-fpm gone: exit 3 and its message as in every format, and "unknown" rather than nothing.
        $this->stopFpm();
        $gone = PreheatProcess::run($status);
        self::assertSame(3, $gone->getExitCode());
        self::assertStringContainsString('cannot reach php-fpm at 127.0.0.1:', $gone->getErrorOutput());
        $families = self::parse($gone->getOutput());
        self::assertSame(['fresh' => '0', 'stale' => '0', 'unknown' => '1'], self::byLabel($families, 'preheat_preload_state', 'state'));
        self::assertSame('0', self::value($families, 'preheat_status_up'));
    }

    /**
     * The issue's case: a file Composer's autoloader includes on every request, which the plan does not preload,
     * unreadable to the pool's user. The preload works, every page fails: not fresh (exit 1), with the one chmod
     * that fixes it; run, status is fresh again.
     */
    public function testAFileRequestsLoadThatThePoolUserCannotReadIsNotFresh(): void
    {
        if (!\function_exists('posix_geteuid') || 0 !== posix_geteuid() || false === posix_getpwnam('www-data')) {
            self::markTestSkipped('needs root and the user www-data');
        }
        $app = $this->directory->path.'/app';
        chmod($this->directory->path, 0o755);
        file_put_contents($app.'/vendor/composer/autoload_files.php', "<?php\n\$vendorDir = dirname(__DIR__);\nreturn array(\n    'a1' => \$vendorDir . '/ralouphie/getallheaders/src/getallheaders.php',\n);\n");
        $included = $app.'/vendor/ralouphie/getallheaders/src/getallheaders.php';
        mkdir(\dirname($included), 0o755, true);
        file_put_contents($included, "<?php\nif (!function_exists('getallheaders')) {\n    function getallheaders() { return []; }\n}\n");
        chmod($included, 0o600);
        $generated = PreheatProcess::run(['generate', '--project='.$app, '--output='.$app.'/preload.php', '--no-cache', '--pool-user=www-data']);
        self::assertSame(0, $generated->getExitCode(), $generated->getErrorOutput());
        self::assertStringContainsString('requests will fail', $generated->getErrorOutput());
        self::assertStringNotContainsString('getallheaders', (string) file_get_contents($app.'/preload.php'));
        $this->startFpm('www-data');
        $status = ['status', $app.'/preload.php', '--fastcgi=127.0.0.1:'.$this->port];

        $broken = PreheatProcess::run($status);
        self::assertSame(1, $broken->getExitCode(), $broken->getOutput().$broken->getErrorOutput());
        self::assertStringNotContainsString('FRESH', $broken->getOutput());
        self::assertStringContainsString('www-data, the user php-fpm runs requests as, cannot read 1 of the app\'s', $broken->getOutput());
        self::assertStringContainsString($included, $broken->getOutput());
        $metrics = PreheatProcess::run([...$status, '--format=openmetrics']);
        self::assertSame(1, $metrics->getExitCode());
        self::assertSame('1', self::byLabel(self::parse($metrics->getOutput()), 'preheat_preload_stale_reason', 'reason')['unreadable-by-pool-user']);
        [$json] = PreheatProcess::json($status);
        $fix = (string) $json['action'];
        self::assertStringStartsWith('chmod -R a+rX ', $fix);

        (new Process(['sh', '-c', $fix]))->mustRun();
        $fixed = PreheatProcess::run($status);
        self::assertSame(0, $fixed->getExitCode(), 'after '.$fix.': '.$fixed->getOutput());
        self::assertStringContainsString('FRESH', $fixed->getOutput());
    }

    public function testAServerThatDoesNotAnswerIsTheEnvironment(): void
    {
        $this->generate();
        $process = PreheatProcess::run(['status', $this->directory->path.'/app/preload.php', '--fastcgi=127.0.0.1:'.Ports::free()]);

        self::assertSame(3, $process->getExitCode());
        self::assertStringContainsString('cannot reach php-fpm at 127.0.0.1:', $process->getErrorOutput());
        self::assertStringContainsString('`listen =`', $process->getErrorOutput());

        file_put_contents($this->directory->path.'/pool.conf', "[www]\npm = static\npm.max_children = 1\n");
        $noAddress = PreheatProcess::run(['status', $this->directory->path.'/app/preload.php', '--pool='.$this->directory->path.'/pool.conf']);
        self::assertSame(2, $noAddress->getExitCode());
        self::assertStringContainsString('no `listen =` in the php-fpm pool files: give --fastcgi', $noAddress->getErrorOutput());
    }

    public function testThroughAUrlOfTheAppServingTheProbe(): void
    {
        $app = $this->directory->path.'/app';
        $this->generate();
        $written = PreheatProcess::run(['status', '--write-probe='.$app.'/preheat-status.php']);
        self::assertSame(0, $written->getExitCode(), $written->getErrorOutput());
        $port = Ports::free();
        $root = \function_exists('posix_geteuid') && 0 === posix_geteuid();
        $server = new Process(array_values(array_filter([\PHP_BINARY, '-d', 'opcache.enable_cli=1', '-d', 'opcache.preload='.$app.'/preload.php', $root ? '-d' : null, $root ? 'opcache.preload_user=root' : null, '-S', '127.0.0.1:'.$port, '-t', $app])));
        $server->start();
        try {
            $deadline = microtime(true) + 30;
            while (!Ports::accepts('tcp://127.0.0.1:'.$port)) {
                if (!$server->isRunning() || microtime(true) > $deadline) {
                    self::fail('the PHP server did not start: '.$server->getErrorOutput());
                }
                usleep(20_000);
            }
            [$fresh, $process] = PreheatProcess::json(['status', $app.'/preload.php', '--url=http://127.0.0.1:'.$port.'/preheat-status.php']);
            self::assertSame(0, $process->getExitCode(), $process->getErrorOutput());
            self::assertTrue($fresh['fresh']);

            file_put_contents($app.'/src/Controller/HomeController.php', "\n// release 2\n", \FILE_APPEND);
            $this->generate();
            $stale = PreheatProcess::run(['status', $app.'/preload.php', '--url=http://127.0.0.1:'.$port.'/preheat-status.php']);
            self::assertSame(1, $stale->getExitCode());
            self::assertStringContainsString('To do: restart php-fpm', $stale->getOutput());
        } finally {
            $server->stop(10);
        }
    }

    /**
     * The exposition read by the strict parser after the format's grammar, and accepted by promtool and
     * Prometheus' Python client (ExpositionValidators).
     *
     * @return array<string, array{type: string, unit: string, help: string, samples: list<array{name: string, labels: array<string, string>, value: string}>}>
     */
    private static function parse(string $text): array
    {
        ExpositionValidators::assertValid($text);
        $families = OpenMetricsParser::parse($text);

        return $families;
    }

    /** @param array<string, array{samples: list<array{labels: array<string, string>, value: string}>}> $families */
    private static function value(array $families, string $name): string
    {
        self::assertArrayHasKey($name, $families);
        self::assertCount(1, $families[$name]['samples'], $name);

        return $families[$name]['samples'][0]['value'];
    }

    /**
     * @param array<string, array{samples: list<array{labels: array<string, string>, value: string}>}> $families
     *
     * @return array<string, string>
     */
    private static function byLabel(array $families, string $name, string $label): array
    {
        self::assertArrayHasKey($name, $families);
        $values = [];
        foreach ($families[$name]['samples'] as $sample) {
            $values[$sample['labels'][$label]] = $sample['value'];
        }

        return $values;
    }

    private function generate(): void
    {
        $app = $this->directory->path.'/app';
        $process = PreheatProcess::run(['generate', '--project='.$app, '--output='.$app.'/preload.php', '--no-cache']);
        self::assertSame(0, $process->getExitCode(), $process->getErrorOutput());
    }

    /** @param string|null $user the pool's user and the preload's when running as root (default: root) */
    private function startFpm(?string $user = null): void
    {
        $fpm = (new ExecutableFinder())->find('php-fpm'.\PHP_MAJOR_VERSION.'.'.\PHP_MINOR_VERSION, null, ['/usr/sbin', '/usr/local/sbin']);
        if (null === $fpm) {
            self::markTestSkipped('no php-fpm matching this PHP');
        }
        $root = \function_exists('posix_geteuid') && 0 === posix_geteuid();
        $this->port = Ports::free();
        $directory = $this->directory->path;
        file_put_contents($directory.'/php-fpm.conf', implode("\n", array_filter([
            '[global]',
            'pid = '.$directory.'/fpm.pid',
            'error_log = '.$directory.'/fpm.log',
            'daemonize = no',
            '[status]',
            $root ? 'user = '.($user ?? 'root') : null,
            $root ? 'group = '.($user ?? 'root') : null,
            'listen = 127.0.0.1:'.$this->port,
            'pm = static',
            'pm.max_children = 1',
        ]))."\n");
        file_put_contents($directory.'/php.ini', implode("\n", array_filter([
            'opcache.enable=1',
            'opcache.preload='.$directory.'/app/preload.php',
            $root ? 'opcache.preload_user='.($user ?? 'root') : null,
        ]))."\n");
        $this->fpm = new Process(array_values(array_filter([$fpm, '--nodaemonize', '--fpm-config', $directory.'/php-fpm.conf', '--php-ini', $directory.'/php.ini', $root ? '--allow-to-run-as-root' : null])));
        $this->fpm->start();
        $deadline = microtime(true) + 60;
        while (!Ports::accepts('tcp://127.0.0.1:'.$this->port)) {
            if (!$this->fpm->isRunning() || microtime(true) > $deadline) {
                self::fail('php-fpm did not start: '.$this->fpm->getErrorOutput().@file_get_contents($directory.'/fpm.log'));
            }
            usleep(20_000);
        }
    }

    private function stopFpm(): void
    {
        if (null !== $this->fpm && $this->fpm->isRunning()) {
            $this->fpm->stop(10);
        }
        $this->fpm = null;
    }
}
