<?php

declare(strict_types=1);

namespace Preheat\Tests\Integration;

use PHPUnit\Framework\TestCase;
use Preheat\Php\FastCgi\FastCgiClient;
use Preheat\Server\Ports;
use Preheat\Tests\Support\BenchProcesses;
use Preheat\Tests\Support\PreheatProcess;
use Preheat\Tests\Support\TemporaryDirectory;
use Preheat\Usage\FileUsageStore;
use Preheat\Usage\UsageBatch;
use Symfony\Component\Process\ExecutableFinder;
use Symfony\Component\Process\Process;

/**
 * php-fpm's OPcache hit counts as evidence, against a real php-fpm started here (a loopback port,
 * stopped by PID) that served some pages of an app with more classes than its pages use: `usage
 * --from-fpm` lists what it served with counts, and `generate` with no options finds that php-fpm
 * through the pool files next to the php.ini it verifies with, plans hot from its counts and writes a
 * verified script smaller than `--strategy=paths`'.
 */
final class FpmHitCountsTest extends TestCase
{
    private const UNUSED_CLASSES = 6;

    private TemporaryDirectory $directory;
    private ?Process $fpm = null;
    private int $port = 0;

    protected function setUp(): void
    {
        $this->directory = new TemporaryDirectory('preheat-fpm-hits-');
        $app = $this->directory->path.'/app';
        (new Process(['cp', '-a', __DIR__.'/../Fixtures/bench/app', $app]))->mustRun();
        // Classes no page uses: every safe file preloads them, what php-fpm served does not.
        for ($i = 1; $i <= self::UNUSED_CLASSES; ++$i) {
            file_put_contents(
                $app.'/src/Unused'.$i.'.php',
                "<?php\n\ndeclare(strict_types=1);\n\nnamespace App;\n\nfinal class Unused{$i}\n{\n"
                ."    public function run(): int\n    {\n        return {$i};\n    }\n}\n",
            );
        }
        chmod($this->directory->path, 0o755);
    }

    protected function tearDown(): void
    {
        $this->stopFpm();
        $this->directory->remove();
        self::assertSame([], BenchProcesses::leftBehind(), 'the php-fpm this test started must be stopped');
    }

    public function testUsageListsWhatPhpFpmServedAndTheDefaultPlansHotFromIt(): void
    {
        $app = (string) realpath($this->directory->path.'/app');
        $address = '127.0.0.1:'.$this->startFpm();
        $this->serve($address, $app.'/public/index.php', '/', 5);

        $usage = PreheatProcess::run(['usage', '--from-fpm='.$address, '--probe-dir='.$app]);
        self::assertSame(0, $usage->getExitCode(), $usage->getOutput().$usage->getErrorOutput());
        self::assertStringContainsString('Usage recorded in php-fpm at '.$address.' (OPcache hit counts)', $usage->getOutput());
        self::assertMatchesRegularExpression('{^\s+5\s+100\.0%\s+'.preg_quote($app, '{').'/public/index\.php$}m', $usage->getOutput(), 'the front controller: 4 hits and the compile');
        self::assertMatchesRegularExpression('{^\s+5\s+100\.0%\s+'.preg_quote($app, '{').'/src/HomePage\.php$}m', $usage->getOutput());
        self::assertStringNotContainsString('Unused', $usage->getOutput());
        self::assertStringContainsString('  Loads      5 of the busiest script, which stands for the requests', $usage->getOutput());
        self::assertStringNotContainsString('sampled', $usage->getOutput(), 'OPcache counts loads of scripts, not sampled requests');
        self::assertStringNotContainsString('.preheat-hits-', $usage->getOutput(), 'the probe is not the app\'s');
        self::assertStringContainsString('counts since php-fpm (or OPcache) last started, of the scripts the pool compiled, not of requests', $usage->getErrorOutput());
        self::assertSame([], glob($app.'/.preheat-hits-*') ?: [], 'the probe is removed');

        // generate with no strategy options: the php.ini php-fpm runs with, whose pool.d says where it listens.
        $default = PreheatProcess::run(['generate', '--project='.$app, '--ini='.$this->directory->path.'/php.ini', '--output='.$app.'/preload.php', '--no-cache']);
        self::assertSame(0, $default->getExitCode(), $default->getOutput().$default->getErrorOutput());
        self::assertMatchesRegularExpression(
            '{Strategy: hot from php-fpm\'s hit counts at '.preg_quote($address, '{').': (\d+) files, about [\d.]+ [kKM]?B; every safe file would be (\d+) files}',
            $default->getErrorOutput(),
        );
        self::assertStringContainsString('0 fatal(s), 0 warning(s)', $default->getErrorOutput(), 'verified');
        $hot = (string) file_get_contents($app.'/preload.php');
        self::assertStringContainsString('Strategy: hot', $hot);
        self::assertStringContainsString('HomePage.php', $hot);
        self::assertStringNotContainsString('Unused', $hot);

        $paths = PreheatProcess::run(['generate', '--project='.$app, '--strategy=paths', '--ini='.$this->directory->path.'/php.ini', '--output='.$app.'/preload-all.php', '--no-cache']);
        self::assertSame(0, $paths->getExitCode(), $paths->getErrorOutput());
        $all = (string) file_get_contents($app.'/preload-all.php');
        self::assertSame(self::UNUSED_CLASSES, substr_count($all, 'Unused'), 'every safe file preloads the unused classes');
        self::assertLessThan(substr_count($all, '/src/'), substr_count($hot, '/src/'));
        self::assertLessThan(\strlen($all), \strlen($hot));

        // Named: hot from that php-fpm's counts; and a typo in the address is bad input.
        $named = PreheatProcess::run(['generate', '--project='.$app, '--strategy=hot', '--from-fpm='.$address, '--output='.$app.'/preload-hot.php', '--no-verify', '--no-cache']);
        self::assertSame(0, $named->getExitCode(), $named->getErrorOutput());
        self::assertStringContainsString("Usage: php-fpm's hit counts", $named->getErrorOutput());
        self::assertMatchesRegularExpression(
            "{Usage +\\d+ loads of the busiest script \\(php-fpm's hit counts\\) over \\d+ scripts}",
            $named->getOutput(),
        );
        self::assertStringNotContainsString('sampled requests', $named->getOutput(), 'hit counts are not requests');
        $typo = PreheatProcess::run(['usage', '--from-fpm=127.0.0.1:99999']);
        self::assertSame(2, $typo->getExitCode());
        self::assertStringContainsString('--from-fpm=127.0.0.1:99999 is not an address php-fpm listens on (the port is not from 1 to 65535)', $typo->getErrorOutput());
    }

    /**
     * OPcache lists what php-fpm preloaded among its scripts with 0 hits: each counted as loaded once, so a
     * php-fpm preloading every safe file listed the classes no page uses. They have no count now, and a plan
     * from these counts keeps what php-fpm preloads (OPcache cannot say which of it is used) and says so.
     */
    public function testWhatPhpFpmPreloadsHasNoCountAndTheDefaultKeepsIt(): void
    {
        $app = (string) realpath($this->directory->path.'/app');
        $all = PreheatProcess::run(['generate', '--project='.$app, '--strategy=paths', '--output='.$app.'/preload-all.php', '--no-verify', '--no-cache']);
        self::assertSame(0, $all->getExitCode(), $all->getErrorOutput());
        self::assertStringContainsString('Unused1', (string) file_get_contents($app.'/preload-all.php'));
        $address = '127.0.0.1:'.$this->startFpm($app.'/preload-all.php');
        $this->serve($address, $app.'/public/index.php', '/', 5);

        $usage = PreheatProcess::run(['usage', '--from-fpm='.$address, '--probe-dir='.$app, '--top=100']);
        self::assertSame(0, $usage->getExitCode(), $usage->getOutput().$usage->getErrorOutput());
        self::assertStringNotContainsString('Unused', $usage->getOutput(), 'preloaded, never served: no count');
        self::assertMatchesRegularExpression('{^  Preloaded  \d+ more, which php-fpm preloaded}m', $usage->getOutput());
        self::assertMatchesRegularExpression('{^\s+5\s+100\.0%\s+'.preg_quote($app, '{').'/public/index\.php$}m', $usage->getOutput());

        $default = PreheatProcess::run(['generate', '--project='.$app, '--ini='.$this->directory->path.'/php.ini', '--output='.$app.'/preload.php', '--no-cache']);
        self::assertSame(0, $default->getExitCode(), $default->getOutput().$default->getErrorOutput());
        self::assertMatchesRegularExpression(
            '{Strategy: hot from php-fpm\'s hit counts at '.preg_quote($address, '{').' and the \d+ scripts it preloads, kept \(OPcache counts no use of them\)}',
            $default->getErrorOutput(),
        );
        self::assertSame(self::UNUSED_CLASSES, substr_count((string) file_get_contents($app.'/preload.php'), 'Unused'), 'kept');
    }

    public function testWithoutEvidenceTheDefaultIsEverySafeFileAndSaysSo(): void
    {
        $app = $this->directory->path.'/app';
        // A pool file that names a php-fpm nobody started.
        mkdir($this->directory->path.'/pool.d');
        file_put_contents($this->directory->path.'/pool.d/app.conf', "[app]\nlisten = 127.0.0.1:".Ports::free()."\n");
        file_put_contents($this->directory->path.'/php.ini', "opcache.enable=1\n");

        $process = PreheatProcess::run(['generate', '--project='.$app, '--ini='.$this->directory->path.'/php.ini', '--output='.$app.'/preload.php', '--no-cache']);

        self::assertSame(0, $process->getExitCode(), $process->getErrorOutput());
        self::assertStringContainsString('Not using php-fpm\'s hit counts at 127.0.0.1:', $process->getErrorOutput());
        self::assertStringContainsString('Strategy: every safe file (paths): no usage store given and no hit counts of this app from php-fpm', $process->getErrorOutput());
        self::assertSame(self::UNUSED_CLASSES, substr_count((string) file_get_contents($app.'/preload.php'), 'Unused'));
    }

    public function testAUsageStoreComesBeforePhpFpmNamedOrInPreheatJson(): void
    {
        $app = (string) realpath($this->directory->path.'/app');
        $store = $app.'/usage.log';
        (new FileUsageStore($store))->append(new UsageBatch(3, [
            $app.'/public/index.php' => 3,
            $app.'/src/HomePage.php' => 3,
            $app.'/src/Greeting.php' => 3,
        ], 10, 20, 'web1'));
        // A pool file naming a php-fpm that is not there: a store given is used without asking it.
        mkdir($this->directory->path.'/pool.d');
        file_put_contents($this->directory->path.'/pool.d/app.conf', "[app]\nlisten = 127.0.0.1:".Ports::free()."\n");
        file_put_contents($this->directory->path.'/php.ini', "opcache.enable=1\n");
        $ini = '--ini='.$this->directory->path.'/php.ini';

        $given = PreheatProcess::run(['generate', '--project='.$app, '--usage='.$store, $ini, '--output='.$app.'/preload.php', '--no-cache']);
        self::assertSame(0, $given->getExitCode(), $given->getErrorOutput());
        self::assertStringContainsString('Strategy: hot from the usage store '.$store.': ', $given->getErrorOutput());
        self::assertStringNotContainsString('php-fpm', $given->getErrorOutput(), 'php-fpm is not asked');
        self::assertStringNotContainsString('Unused', (string) file_get_contents($app.'/preload.php'));

        file_put_contents($app.'/preheat.json', json_encode(['bench' => ['usage' => 'usage.log', 'hot' => ['coverage' => 0.9]]]));
        $configured = PreheatProcess::run(['generate', '--project='.$app, $ini, '--output='.$app.'/preload.php', '--no-cache']);
        self::assertSame(0, $configured->getExitCode(), $configured->getErrorOutput());
        self::assertStringContainsString('Strategy: hot from the usage store usage.log (preheat.json): ', $configured->getErrorOutput());
        self::assertStringContainsString('coverage 0.9', $configured->getErrorOutput(), 'bench.hot\'s settings');
        self::assertStringNotContainsString('php-fpm', $configured->getErrorOutput());

        $paths = PreheatProcess::run(['generate', '--project='.$app, '--strategy=paths', $ini, '--output='.$app.'/preload.php', '--no-cache']);
        self::assertSame(0, $paths->getExitCode(), $paths->getErrorOutput());
        self::assertStringNotContainsString('Strategy:', $paths->getErrorOutput(), 'a strategy named is not chosen');
        self::assertSame(self::UNUSED_CLASSES, substr_count((string) file_get_contents($app.'/preload.php'), 'Unused'));
    }

    private function serve(string $address, string $frontController, string $path, int $times): void
    {
        $client = new FastCgiClient(30.0);
        for ($i = 0; $i < $times; ++$i) {
            $response = $client->request($address, [
                'GATEWAY_INTERFACE' => 'FastCGI/1.0',
                'REQUEST_METHOD' => 'GET',
                'SCRIPT_FILENAME' => $frontController,
                'SCRIPT_NAME' => '/index.php',
                'REQUEST_URI' => $path,
                'DOCUMENT_ROOT' => \dirname($frontController),
                'QUERY_STRING' => '',
                'SERVER_PROTOCOL' => 'HTTP/1.1',
                'REMOTE_ADDR' => '127.0.0.1',
                'SERVER_NAME' => 'localhost',
            ]);
            self::assertSame(200, $response->status, $response->body.$response->stderr);
        }
    }

    private function startFpm(?string $preload = null): int
    {
        $fpm = (new ExecutableFinder())->find('php-fpm'.\PHP_MAJOR_VERSION.'.'.\PHP_MINOR_VERSION, null, ['/usr/sbin', '/usr/local/sbin']);
        if (null === $fpm) {
            self::markTestSkipped('no php-fpm matching this PHP');
        }
        $root = \function_exists('posix_geteuid') && 0 === posix_geteuid();
        $this->port = Ports::free();
        $directory = $this->directory->path;
        mkdir($directory.'/pool.d');
        file_put_contents($directory.'/php-fpm.conf', implode("\n", [
            '[global]',
            'pid = '.$directory.'/fpm.pid',
            'error_log = '.$directory.'/fpm.log',
            'daemonize = no',
            'include = '.$directory.'/pool.d/*.conf',
        ])."\n");
        // Where generate finds it: the pool files next to the php.ini.
        file_put_contents($directory.'/pool.d/app.conf', implode("\n", array_filter([
            '[app]',
            $root ? 'user = root' : null,
            $root ? 'group = root' : null,
            'listen = 127.0.0.1:'.$this->port,
            'pm = static',
            'pm.max_children = 1',
        ]))."\n");
        file_put_contents($directory.'/php.ini', "opcache.enable=1\nopcache.validate_timestamps=0\n".(null === $preload
            ? ''
            : 'opcache.preload='.$preload."\n".($root ? "opcache.preload_user=root\n" : '')));
        $this->fpm = new Process(array_values(array_filter([$fpm, '--nodaemonize', '--fpm-config', $directory.'/php-fpm.conf', '--php-ini', $directory.'/php.ini', $root ? '--allow-to-run-as-root' : null])));
        $this->fpm->start();
        $deadline = microtime(true) + 60;
        while (!Ports::accepts('tcp://127.0.0.1:'.$this->port)) {
            if (!$this->fpm->isRunning() || microtime(true) > $deadline) {
                self::fail('php-fpm did not start: '.$this->fpm->getErrorOutput().@file_get_contents($directory.'/fpm.log'));
            }
            usleep(20_000);
        }

        return $this->port;
    }

    private function stopFpm(): void
    {
        if (null !== $this->fpm && $this->fpm->isRunning()) {
            $this->fpm->stop(10);
        }
        $this->fpm = null;
    }
}
