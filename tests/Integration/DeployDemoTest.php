<?php

declare(strict_types=1);

namespace Preheat\Tests\Integration;

use PHPUnit\Framework\Attributes\Group;
use PHPUnit\Framework\TestCase;
use Preheat\Server\Ports;
use Preheat\Tests\Support\BenchProcesses;
use Preheat\Tests\Support\DeployRecipe;
use Preheat\Tests\Support\PharBuild;
use Preheat\Tests\Support\TemporaryDirectory;
use Symfony\Component\Process\ExecutableFinder;
use Symfony\Component\Process\Process;

/**
 * doc/deploying.md's recipe, run as written on the demo (laravel/laravel 12, installed from its composer.lock),
 * two releases, with php-fpm behind nginx as the doc sets them up (opcache.preload through `current`, nginx
 * passing real paths). A visitor requests the home page every 100 ms through the second release's switch and
 * restart: release 2 is served beside release 1's preload without an error until the restart, the only
 * failures are the 502s of the restart (what the doc states: nothing listens while the new master preloads),
 * `status` says FRESH, and release 2 is planned hot from the hit counts of the php-fpm serving release 1.
 */
#[Group('integration')]
final class DeployDemoTest extends TestCase
{
    private const PAGES = ['/', '/posts/taming-log-rotation-in-production', '/api/posts', '/contact'];
    private const MARK = '<!-- release 2 -->';

    private TemporaryDirectory $directory;
    private ?Process $nginx = null;
    private ?Process $poller = null;

    protected function setUp(): void
    {
        $this->directory = new TemporaryDirectory('preheat-deploy-demo-');
    }

    protected function tearDown(): void
    {
        foreach ([$this->poller, $this->nginx] as $process) {
            $process?->stop(10);
        }
        $pid = $this->masterPid();
        if (null !== $pid) {
            posix_kill($pid, \SIGTERM);
            for ($deadline = microtime(true) + 10; file_exists('/proc/'.$pid) && microtime(true) < $deadline;) {
                usleep(20_000);
            }
        }
        $this->directory->remove();
        self::assertSame([], BenchProcesses::leftBehind(), 'the php-fpm and nginx this test started must be stopped');
    }

    public function testTheRecipeDeploysTheDemoWithNoErrorButTheRestartsAndPlansTheSecondReleaseHot(): void
    {
        self::assertNotNull((new ExecutableFinder())->find('composer'), 'Composer is needed (Debian: composer)');
        self::assertFileExists('/usr/sbin/php-fpm'.\PHP_MAJOR_VERSION.'.'.\PHP_MINOR_VERSION, 'php-fpm is needed');
        self::assertFileExists('/usr/sbin/nginx', 'nginx is needed');
        $recipe = DeployRecipe::blocks();
        $root = $this->directory->path;
        $app = $root.'/app';
        $source = $this->demoSource($root.'/source', $root.'/shared/database.sqlite');
        $fpm = $this->configureFpm($app.'/current/preload.php');
        $environment = [
            'APP' => $app,
            // Split by the shell as the recipe's $PREHEAT is: paths without spaces, as the test's are.
            'PREHEAT' => \PHP_BINARY.' '.PharBuild::path(),
            'PHP_INI' => $fpm.'/php.ini',
            'FPM' => $fpm.'/fpm.sock',
            'RESTART_PHP_FPM' => \PHP_BINARY.' '.\dirname(__DIR__).'/Fixtures/deploy/restart-php-fpm.php '.$fpm,
            'SOURCE' => $source,
            'COMPOSER_NO_INTERACTION' => '1',
            'COMPOSER_ALLOW_SUPERUSER' => '1',
        ];

        $environment['RELEASE'] = '1';
        $this->deployStep($recipe['build'], $environment, 'build 1');
        // What a deploy does beside the recipe: the database, kept outside the releases, migrated.
        (new Process([\PHP_BINARY, 'artisan', 'migrate', '--seed', '--force', '--no-interaction'], $app.'/releases/1'))
            ->setTimeout(120)->mustRun();
        foreach (['switch', 'restart', 'check'] as $block) {
            $step = $this->deployStep($recipe[$block], $environment, $block.' 1');
        }
        self::assertStringContainsString('FRESH', $step->getOutput());
        $port = $this->startNginx($app.'/current/public', $fpm.'/fpm.sock');
        // Traffic for php-fpm to count: what release 2 is planned from.
        foreach ([1, 2] as $round) {
            foreach (self::PAGES as $page) {
                self::assertSame(200, self::statusOf($port, $page), $page.': '.$this->logs());
            }
        }

        // Release 2 changes a page and a class its php-fpm preloads.
        file_put_contents($source.'/resources/views/home.blade.php', "\n".self::MARK."\n", \FILE_APPEND);
        file_put_contents($source.'/app/Http/Controllers/HomeController.php', "\n// release 2\n", \FILE_APPEND);
        $environment['RELEASE'] = '2';
        $this->startPoller($port);
        $build = $this->deployStep($recipe['build'], $environment, 'build 2');
        self::assertStringContainsString(
            'Strategy: hot from php-fpm\'s hit counts at '.$fpm.'/fpm.sock of '.$app.'/releases/1, the release it serves',
            $build->getOutput().$build->getErrorOutput(),
        );
        self::assertStringContainsString(' * Strategy: hot', (string) file_get_contents($app.'/releases/2/preload.php'));
        $this->deployStep($recipe['switch'], $environment, 'switch 2');
        $switched = microtime(true);
        // A second of release 2 served beside release 1's preload, before the check and the restart.
        usleep(1_000_000);
        $stale = DeployRecipe::step($recipe['check'], $environment, $root);
        self::assertSame(1, $stale->getExitCode(), $stale->getOutput().$stale->getErrorOutput());
        self::assertStringContainsString('STALE', $stale->getOutput());
        $restarting = microtime(true);
        $this->deployStep($recipe['restart'], $environment, 'restart 2');
        $restarted = microtime(true);
        $fresh = $this->deployStep($recipe['check'], $environment, 'check 2');
        self::assertStringContainsString('FRESH', $fresh->getOutput());
        usleep(1_000_000);
        $polls = $this->stopPoller();

        $describe = static fn (array $poll): string => \sprintf(
            '%d at %+.1f s from the switch',
            $poll[2],
            $poll[0] - $switched,
        );
        $beside = array_filter($polls, static fn (array $poll): bool => $poll[0] >= $switched && $poll[1] < $restarting);
        self::assertGreaterThanOrEqual(5, \count($beside), 'requests between the switch and the restart');
        foreach ($polls as $poll) {
            $duringRestart = $poll[1] >= $restarting && $poll[0] <= $restarted;
            if (200 !== $poll[2]) {
                // The window the doc states: while the old master stops and the new one preloads, nothing listens.
                self::assertTrue(502 === $poll[2] && $duringRestart, 'only 502s, during the restart: '.$describe($poll)
                    .' (restart from '.round($restarting - $switched, 1).' s to '.round($restarted - $switched, 1)
                    .' s); '.$this->logs());
            }
        }
        $after = array_filter($polls, static fn (array $poll): bool => $poll[0] > $restarted);
        self::assertNotSame([], $after);
        foreach ([...$beside, ...$after] as $poll) {
            self::assertSame(200, $poll[2], $describe($poll));
            self::assertTrue($poll[3], 'release 2 served: '.$describe($poll));
        }
        fwrite(\STDERR, \sprintf(
            "\n%s: %d requests, the restart took %.1f s with %d 502s\n",
            self::class,
            \count($polls),
            $restarted - $restarting,
            \count(array_filter($polls, static fn (array $poll): bool => 502 === $poll[2])),
        ));
    }

    /** @param array<string, string> $environment */
    private function deployStep(string $code, array $environment, string $what): Process
    {
        $step = DeployRecipe::step($code, $environment, $this->directory->path);
        self::assertSame(0, $step->getExitCode(), $what.': '.$step->getOutput().$step->getErrorOutput());

        return $step;
    }

    /** What a CI checkout of the demo holds (its tracked files, no vendor/ or caches), with an .env for the test. */
    private function demoSource(string $source, string $database): string
    {
        $demo = \dirname(__DIR__, 2).'/demo';
        mkdir($source);
        $entries = ['.env.example', 'app', 'artisan', 'bootstrap', 'composer.json', 'composer.lock', 'config', 'database',
            'public', 'resources', 'routes', 'storage'];
        (new Process(['cp', '-a', ...array_map(static fn (string $e): string => $demo.'/'.$e, $entries), $source]))
            ->mustRun();
        // What an earlier `make demo` left in the working tree is no part of a release.
        (new Process(['find', 'bootstrap/cache', 'database', 'storage', '-type', 'f', '(', '-name', '*.php', '-path',
            'bootstrap/cache/*', '-o', '-name', '*.sqlite*', '-o', '-path', 'storage/*', '!', '-name', '.gitignore',
            ')', '-delete'], $source))->mustRun();
        mkdir(\dirname($database));
        touch($database);
        file_put_contents($source.'/.env', file_get_contents($source.'/.env.example')."\n".implode("\n", [
            'APP_KEY=base64:'.base64_encode(random_bytes(32)),
            'DB_DATABASE='.$database,
        ])."\n");

        return $source;
    }

    /** php-fpm's php.ini and pool, as production would have them: what the recipe's $PHP_INI and $FPM name. */
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
            // nginx's workers run as another user.
            'listen.mode = 0666',
            'pm = static',
            'pm.max_children = 2',
            'catch_workers_output = yes',
        ]))."\n");
        file_put_contents($directory.'/php.ini', implode("\n", array_filter([
            'opcache.enable=1',
            'opcache.memory_consumption=256',
            'opcache.interned_strings_buffer=32',
            'opcache.preload='.$preload,
            $root ? 'opcache.preload_user=root' : null,
            // A fatal error is a 500, as in production.
            'display_errors=Off',
            'log_errors=On',
            'error_log='.$directory.'/php-errors.log',
        ]))."\n");

        return $directory;
    }

    /** nginx in front of the pool as the doc has it: the document root through `current`, real paths to php-fpm. */
    private function startNginx(string $documentRoot, string $socket): int
    {
        $directory = $this->directory->path.'/nginx';
        mkdir($directory.'/temp', 0o755, true);
        $port = Ports::forServer();
        $params = trim((string) file_get_contents(\dirname(__DIR__, 2).'/src/Server/NginxFpm/fastcgi_params'));
        file_put_contents($directory.'/nginx.conf', implode("\n", [
            'daemon off;',
            'worker_processes 1;',
            'pid '.$directory.'/nginx.pid;',
            'error_log '.$directory.'/error.log warn;',
            'events { worker_connections 64; }',
            'http {',
            '    access_log off;',
            '    client_body_temp_path '.$directory.'/temp/body;',
            '    fastcgi_temp_path '.$directory.'/temp/fastcgi;',
            '    proxy_temp_path '.$directory.'/temp/proxy;',
            '    uwsgi_temp_path '.$directory.'/temp/uwsgi;',
            '    scgi_temp_path '.$directory.'/temp/scgi;',
            '    server {',
            '        listen 127.0.0.1:'.$port.';',
            '        root '.$documentRoot.';',
            '        location / { try_files $uri /index.php$is_args$args; }',
            '        location ~ \.php$ {',
            $params,
            '            fastcgi_param SCRIPT_FILENAME $realpath_root$fastcgi_script_name;',
            '            fastcgi_param DOCUMENT_ROOT $realpath_root;',
            '            fastcgi_pass unix:'.$socket.';',
            '        }',
            '    }',
            '}',
        ])."\n");
        $this->nginx = new Process(['/usr/sbin/nginx', '-p', $directory, '-c', $directory.'/nginx.conf', '-e',
            $directory.'/error.log']);
        $this->nginx->start();
        for ($deadline = microtime(true) + 30; !Ports::accepts('tcp://127.0.0.1:'.$port);) {
            self::assertTrue($this->nginx->isRunning() && microtime(true) < $deadline, 'nginx: '.$this->logs());
            usleep(50_000);
        }

        return $port;
    }

    private function startPoller(int $port): void
    {
        $directory = $this->directory->path.'/poll';
        mkdir($directory);
        $this->poller = new Process([\PHP_BINARY, \dirname(__DIR__).'/Fixtures/deploy/poll.php', (string) $port, '/',
            $directory.'/polls.txt', $directory.'/stop', '900', self::MARK]);
        $this->poller->start();
    }

    /** @return list<array{float, float, int, bool}> each request: started, ended, status, whether it held the mark */
    private function stopPoller(): array
    {
        $directory = $this->directory->path.'/poll';
        touch($directory.'/stop');
        for ($deadline = microtime(true) + 30; null !== $this->poller && $this->poller->isRunning();) {
            self::assertLessThan($deadline, microtime(true), 'the poller stops');
            usleep(50_000);
        }
        $polls = [];
        foreach (file($directory.'/polls.txt', \FILE_IGNORE_NEW_LINES) ?: [] as $line) {
            [$started, $ended, $status, $marked] = explode(' ', $line);
            $polls[] = [(float) $started, (float) $ended, (int) $status, '1' === $marked];
        }

        return $polls;
    }

    private static function statusOf(int $port, string $page): int
    {
        $context = stream_context_create(['http' => ['ignore_errors' => true, 'timeout' => 30]]);
        @file_get_contents('http://127.0.0.1:'.$port.$page, false, $context);
        $head = $http_response_header[0] ?? '';

        return 1 === preg_match('#^HTTP/\S+ (\d{3})#', $head, $match) ? (int) $match[1] : 0;
    }

    private function logs(): string
    {
        $logs = '';
        foreach (['fpm/fpm.log', 'fpm/php-errors.log', 'nginx/error.log'] as $log) {
            $tail = \array_slice(@file($this->directory->path.'/'.$log) ?: [], -10);
            $logs .= "\n".$log.":\n".implode('', $tail);
        }

        return $logs;
    }

    private function masterPid(): ?int
    {
        $file = $this->directory->path.'/fpm/fpm.pid';
        $pid = is_file($file) ? (int) file_get_contents($file) : 0;

        return $pid > 0 ? $pid : null;
    }
}
