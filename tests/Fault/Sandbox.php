<?php

declare(strict_types=1);

namespace Preheat\Tests\Fault;

use Preheat\Tests\Support\TemporaryDirectory;
use Symfony\Component\Process\Process;

/**
 * A case's private directory: the project, a temp dir that is TMPDIR for Preheat alone (so that any
 * file of Preheat's left there is exactly what the case left), and its own parse cache.
 */
final class Sandbox
{
    /** php-fpm and its php.ini of the PHP the tests run on (Debian's layout), not of one PHP version. */
    public const FPM = '/usr/sbin/php-fpm'.\PHP_MAJOR_VERSION.'.'.\PHP_MINOR_VERSION;
    public const FPM_INI = '/etc/php/'.\PHP_MAJOR_VERSION.'.'.\PHP_MINOR_VERSION.'/fpm/php.ini';

    public readonly string $root;
    public readonly string $project;
    public readonly string $tmp;
    public readonly string $cache;
    private TemporaryDirectory $directory;
    /** @var list<Process> helpers the case started (listeners, fake servers), stopped by PID at the end */
    private array $helpers = [];

    public function __construct()
    {
        $this->directory = new TemporaryDirectory('preheat-fault-');
        $this->root = $this->directory->path;
        // php-fpm's workers and verification run as the pool's user when the tests run as root: they read the project and write in the temp dir.
        chmod($this->root, 0755);
        $this->project = $this->root.'/project';
        $this->tmp = $this->root.'/tmp';
        $this->cache = $this->root.'/cache';
        mkdir($this->project, 0755);
        mkdir($this->tmp, 0700);
        chmod($this->tmp, 01777);
        mkdir($this->cache, 0700);
    }

    /** Writes a file of the project (or an absolute path), creating its directories. */
    public function write(string $path, string $content, int $mode = 0644): string
    {
        $file = str_starts_with($path, '/') ? $path : $this->project.'/'.$path;
        if (!is_dir(\dirname($file))) {
            mkdir(\dirname($file), 0755, true);
        }
        file_put_contents($file, $content);
        chmod($file, $mode);

        return $file;
    }

    /** A small valid project: two classes, one extending the other, and a composer.json. */
    public function smallProject(): string
    {
        $this->write('composer.json', '{"name": "fault/app", "autoload": {"psr-4": {"App\\\\": "src/"}}}');
        $this->write('vendor/composer/installed.json', '{"packages": []}');
        $this->write('src/Base.php', "<?php\nnamespace App;\nabstract class Base { abstract public function name(): string; }\n");
        $this->write('src/Thing.php', "<?php\nnamespace App;\nfinal class Thing extends Base { public function name(): string { return 'thing'; } }\n");

        return $this->project;
    }

    /** Copies a project of tests/Fixtures/projects (or, with $bench, the bench fixture app) into the project directory. */
    public function fixture(string $name, bool $bench = false): string
    {
        $from = \dirname(__DIR__).'/Fixtures/'.($bench ? 'bench/'.$name : 'projects/'.$name.'/project');
        (new Process(['cp', '-R', $from.'/.', $this->project]))->mustRun();
        @unlink($this->project.'/preload.php');

        return $this->project;
    }

    /**
     * A PHP binary that stalls where Preheat boots PHP with a preload script (verification): it
     * touches `$marker` and sleeps instead, so that a case can interrupt Preheat there.
     */
    public function stallingPhp(string $marker, int $seconds = 60): string
    {
        $script = "#!/bin/sh\ncase \"\$*\" in\n  *preheat-preload-*) touch ".escapeshellarg($marker)."; exec sleep $seconds ;;\nesac\nexec ".escapeshellarg(\PHP_BINARY)." \"\$@\"\n";

        return $this->write($this->root.'/bin/php', $script, 0755);
    }

    /**
     * Starts a helper process the case needs (a listener); it is stopped by its PID when the case ends.
     *
     * @param list<string> $command
     */
    public function helper(array $command, ?string $readyPattern = null): Process
    {
        $process = new Process($command, $this->root, null, null, null);
        $process->start();
        if (null !== $readyPattern) {
            $process->waitUntil(static fn (string $type, string $output): bool => 1 === preg_match($readyPattern, $output));
        }
        $this->helpers[] = $process;

        return $process;
    }

    /** Starts PHP's built-in web server on a free loopback port, serving the sandbox (a listener that is not what Preheat expects); returns the port. */
    public function webServer(): int
    {
        $port = $this->freePort();
        $this->helper([\PHP_BINARY, '-S', '127.0.0.1:'.$port, '-t', $this->root]);
        $until = microtime(true) + 10;
        while (microtime(true) < $until) {
            $client = @stream_socket_client('tcp://127.0.0.1:'.$port, $errno, $error, 0.2);
            if (false !== $client) {
                fclose($client);

                return $port;
            }
            usleep(50_000);
        }
        throw new \RuntimeException('PHP\'s web server did not start on port '.$port);
    }

    /** A php-fpm pool file of the sandbox, as Debian's www.conf says it. */
    public function pool(): string
    {
        return $this->write($this->root.'/www.conf', "[www]\nuser = www-data\ngroup = www-data\nlisten = 127.0.0.1:9000\npm = static\npm.max_children = 2\n");
    }

    /** A loopback port nothing listens on now. */
    public function freePort(): int
    {
        $server = stream_socket_server('tcp://127.0.0.1:0');
        \assert(false !== $server);
        $name = (string) stream_socket_get_name($server, false);
        fclose($server);

        return (int) substr($name, (int) strrpos($name, ':') + 1);
    }

    /**
     * The bench's fixture app (tests/Fixtures/bench/app) as the project, and the counter its /flaky and
     * /die pages keep (written by php-fpm's workers, so writable by all).
     *
     * @return array<string, string> the environment the app reads the counter's path from
     */
    public function benchApp(): array
    {
        $this->fixture('app', true);
        $counter = $this->write($this->root.'/counter', '', 0666);

        return ['PREHEAT_FIXTURE_COUNTER' => $counter];
    }

    /**
     * A php-fpm that refuses a pool of more than $most children, and otherwise runs the real one after
     * forking a stray child of its own when $stray: a server that starts a process its master does not
     * know of (as php-fpm's forked workers are, once the master is gone).
     */
    public function fakeFpm(int $most, bool $stray): string
    {
        $script = "#!/bin/sh\nconf=''; prev=''\nfor a in \"\$@\"; do [ \"\$prev\" = --fpm-config ] && conf=\"\$a\"; prev=\"\$a\"; done\n"
            ."n=\$(sed -n 's/^ *pm.max_children *= *\\([0-9]*\\).*/\\1/p' \"\$conf\" | head -1)\n"
            ."if [ \"\${n:-0}\" -gt $most ]; then echo \"fake php-fpm: refusing \$n children\" >&2; exit 78; fi\n"
            .($stray ? escapeshellarg(\PHP_BINARY)." -r 'sleep(30);' ".escapeshellarg($this->root.'/stray')." </dev/null >/dev/null 2>&1 &\n" : '')
            .'exec '.self::FPM." \"\$@\"\n";

        return $this->write($this->root.'/bin/php-fpm', $script, 0755);
    }

    /**
     * An nginx that, the first time it starts, finds the port of its configuration taken by another
     * listener (PHP's web server, started in its own session, the case's own process).
     */
    public function squattedNginx(): string
    {
        $mark = $this->root.'/squatted';
        $script = "#!/bin/sh\nconf=''; prev=''\nfor a in \"\$@\"; do [ \"\$prev\" = -c ] && conf=\"\$a\"; prev=\"\$a\"; done\n"
            ."port=\$(sed -n 's/.*listen 127\\.0\\.0\\.1:\\([0-9]*\\).*/\\1/p' \"\$conf\" | head -1)\n"
            .'if [ -n "$port" ] && [ ! -e '.escapeshellarg($mark).' ]; then touch '.escapeshellarg($mark)."\n"
            .'  setsid '.escapeshellarg(\PHP_BINARY).' -S 127.0.0.1:$port -t '.escapeshellarg($this->root).' >/dev/null 2>&1 &'."\n"
            .'  echo $! > '.escapeshellarg($this->root.'/squatter.own.pid')."\n  sleep 0.5\nfi\n"
            ."exec /usr/sbin/nginx \"\$@\"\n";

        return $this->write($this->root.'/bin/nginx', $script, 0755);
    }

    /** @return list<int> the PIDs of the case's own processes (helpers, and those named by a *.own.pid file), which are not Preheat's */
    public function helperPids(): array
    {
        $pids = array_map(static fn (Process $p): ?int => $p->getPid(), $this->helpers);
        foreach (glob($this->root.'/*.own.pid') ?: [] as $file) {
            $pids[] = (int) trim((string) file_get_contents($file));
        }

        return array_values(array_filter($pids));
    }

    public function remove(): void
    {
        foreach ($this->helpers as $helper) {
            $helper->stop(1, \SIGKILL);
        }
        foreach (glob($this->root.'/*.own.pid') ?: [] as $file) {
            $pid = (int) trim((string) file_get_contents($file));
            if ($pid > 1) {
                posix_kill($pid, \SIGKILL);
            }
        }
        // A case may have taken permissions away (0000 files, 0700 directories): root removes them anyway, another user first gives them back.
        (new Process(['chmod', '-R', 'u+rwX', $this->root]))->run();
        $this->directory->remove();
    }
}
