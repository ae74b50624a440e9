<?php

declare(strict_types=1);

namespace Preheat\Bench\Runtime;

use Symfony\Component\Process\ExecutableFinder;
use Symfony\Component\Process\Process;

/**
 * Starts php-fpm (pm = static) and nginx in front of it from a directory of their own, on a free
 * loopback port, and waits until both answer. The probe at STATUS_PATH reports OPcache's view from
 * inside php-fpm, without touching the app.
 */
final class StackLauncher
{
    public const STATUS_PATH = '/__preheat/status';

    public function __construct(
        private readonly ProcessSupervisor $supervisor,
        private readonly StackSettings $settings,
    ) {
    }

    /** @param array<string, string> $extraIni more php.ini settings, e.g. auto_prepend_file for the recorder */
    public function launch(string $name, string $directory, ?string $preloadScript, array $extraIni = []): ServerStack
    {
        $fpmBinary = $this->binary($this->settings->fpmBinary, 'php8.2-fpm');
        $nginxBinary = $this->binary($this->settings->nginxBinary, 'nginx');
        if (!is_dir($directory.'/nginx-temp') && !mkdir($directory.'/nginx-temp', 0777, true)) {
            throw new \RuntimeException('Cannot create '.$directory.'/nginx-temp');
        }
        $socket = $directory.'/fpm.sock';
        $phpErrorLog = $directory.'/php-errors.log';
        $fpmErrorLog = $directory.'/fpm.log';
        $php = $this->settings->php;
        $settings = PhpIni::preloadSettings($preloadScript, $php->preloadUser()) + $extraIni + PhpIni::benchmarkSettings($phpErrorLog);
        file_put_contents($directory.'/php.ini', PhpIni::render($php->settings, $settings));
        file_put_contents($directory.'/php-fpm.conf', $this->fpmConfig($directory, $socket, $fpmErrorLog));
        file_put_contents($directory.'/status.php', self::statusScript());
        file_put_contents($directory.'/fastcgi_params', self::fastcgiParams());
        // Workers run as the pool's user, as in production: they read the scenario's files and write its logs.
        if (null !== $php->user) {
            self::handOver($directory, $php->user);
        }

        $asRoot = \function_exists('posix_geteuid') && 0 === posix_geteuid();
        $fpmCommand = [$fpmBinary, '--nodaemonize', '--fpm-config', $directory.'/php-fpm.conf', '--php-ini', $directory.'/php.ini'];
        if ($asRoot) {
            $fpmCommand[] = '--allow-to-run-as-root';
        }
        $fpm = new Process($fpmCommand, $directory, null, null, null);
        $started = hrtime(true);
        $this->supervisor->start($fpm);
        $this->waitFor('php-fpm for scenario '.$name, $fpm, 'unix://'.$socket, $fpmErrorLog.' '.$phpErrorLog);
        $fpmStart = (hrtime(true) - $started) / 1e9;

        $port = Ports::free();
        file_put_contents($directory.'/nginx.conf', $this->nginxConfig($directory, $port, $socket, $asRoot));
        $nginx = new Process([$nginxBinary, '-p', $directory, '-c', $directory.'/nginx.conf', '-e', $directory.'/nginx-error.log'], $directory, null, null, null);
        $this->supervisor->start($nginx);
        try {
            $this->waitFor('nginx for scenario '.$name, $nginx, 'tcp://127.0.0.1:'.$port, $directory.'/nginx-error.log');
        } catch (RuntimeError $error) {
            $log = (string) @file_get_contents($directory.'/nginx-error.log');
            if (str_contains($log, 'Address already in use')) {
                throw RuntimeError::portInUse($port, $log);
            }
            throw $error;
        }

        $stack = new ServerStack($name, $directory, $port, $fpm, $nginx, $fpmStart, $fpmErrorLog, $phpErrorLog);
        $stack->workerPids();

        return $stack;
    }

    public function stop(ServerStack $stack): void
    {
        $this->supervisor->stop($stack->nginx);
        $this->supervisor->stop($stack->fpm);
        $stray = $stack->strayWorkers();
        if ([] !== $stray && \function_exists('posix_kill')) {
            foreach ($stray as $pid) {
                posix_kill($pid, 15);
            }
            usleep(200_000);
            foreach ($stack->strayWorkers() as $pid) {
                posix_kill($pid, 9);
            }
        }
    }

    private function waitFor(string $what, Process $process, string $address, string $logs): void
    {
        $deadline = microtime(true) + $this->settings->startTimeout;
        while (microtime(true) < $deadline) {
            if (!$process->isRunning()) {
                $log = $process->getErrorOutput().$process->getOutput();
                foreach (explode(' ', $logs) as $file) {
                    $log .= is_file($file) ? (string) file_get_contents($file) : '';
                }
                throw RuntimeError::didNotStart($what, $process->getCommandLine(), $log);
            }
            if (Ports::accepts($address)) {
                return;
            }
            usleep(20_000);
        }
        $this->supervisor->stop($process);
        throw RuntimeError::didNotStart($what, $process->getCommandLine(), \sprintf('it did not answer on %s within %.0f s', $address, $this->settings->startTimeout));
    }

    private function binary(string $name, string $package): string
    {
        $path = str_contains($name, '/') ? (is_executable($name) ? $name : null) : (new ExecutableFinder())->find($name, null, ['/usr/sbin', '/usr/local/sbin', '/sbin']);
        if (null === $path) {
            throw RuntimeError::missingBinary($name, $package);
        }

        return $path;
    }

    /** The settings every stack of this run shares. */
    public function settings(): StackSettings
    {
        return $this->settings;
    }

    /** Gives a scenario's directory and everything in it to the user the workers run as. */
    private static function handOver(string $directory, string $user): void
    {
        $entry = posix_getpwnam($user);
        if (false === $entry) {
            throw new \RuntimeException(\sprintf('User %s (php-fpm\'s pool user) does not exist: pass the pool\'s user with bench.phpIni pointing at its php.ini.', $user));
        }
        $paths = new \RecursiveIteratorIterator(new \RecursiveDirectoryIterator($directory, \FilesystemIterator::SKIP_DOTS), \RecursiveIteratorIterator::SELF_FIRST);
        foreach ([$directory, ...array_keys(iterator_to_array($paths))] as $path) {
            if (!is_link((string) $path)) {
                @chown((string) $path, $entry['uid']);
                @chgrp((string) $path, $entry['gid']);
            }
        }
    }

    private function fpmConfig(string $directory, string $socket, string $errorLog): string
    {
        $user = $this->settings->php->user;
        $group = null === $user ? null : (posix_getgrgid((int) (posix_getpwnam($user)['gid'] ?? 0))['name'] ?? $user);

        return implode("\n", array_filter([
            '[global]',
            'pid = '.$directory.'/fpm.pid',
            'error_log = '.$errorLog,
            'daemonize = no',
            '[bench]',
            null === $user ? null : 'user = '.$user,
            null === $group ? null : 'group = '.$group,
            'listen = '.$socket,
            'pm = static',
            'pm.max_children = '.$this->settings->workers,
            'pm.max_requests = 0',
            'catch_workers_output = yes',
            'decorate_workers_output = no',
            'clear_env = no',
        ]))."\n";
    }

    private function nginxConfig(string $directory, int $port, string $socket, bool $asRoot): string
    {
        $root = $this->settings->documentRoot;
        $front = '/'.ltrim(substr($this->settings->frontController, \strlen($root)), '/');
        $temp = $directory.'/nginx-temp';
        $fastcgi = static fn (string $script): string => "include $directory/fastcgi_params;\n"
            ."            fastcgi_param SCRIPT_FILENAME $script;\n"
            ."            fastcgi_pass unix:$socket;";

        return <<<NGINX
            daemon off;
            worker_processes 1;
            pid $directory/nginx.pid;
            error_log $directory/nginx-error.log warn;
            {$this->nginxUser($asRoot)}
            events { worker_connections 4096; }
            http {
                access_log off;
                client_body_temp_path $temp/body;
                fastcgi_temp_path $temp/fastcgi;
                proxy_temp_path $temp/proxy;
                uwsgi_temp_path $temp/uwsgi;
                scgi_temp_path $temp/scgi;
                keepalive_requests 100000;
                server {
                    listen 127.0.0.1:$port;
                    root $root;
                    index index.php;
                    location = /__preheat/status {
                        {$fastcgi($directory.'/status.php')}
                    }
                    location / {
                        try_files \$uri $front\$is_args\$args;
                    }
                    location ~ \\.php$ {
                        {$fastcgi('$document_root$fastcgi_script_name')}
                    }
                }
            }

            NGINX;
    }

    private function nginxUser(bool $asRoot): string
    {
        return $asRoot ? 'user root;' : '';
    }

    /** The usual FastCGI parameters, written out so that no file of the system's nginx is needed. */
    private static function fastcgiParams(): string
    {
        $params = [
            'QUERY_STRING' => '$query_string', 'REQUEST_METHOD' => '$request_method', 'CONTENT_TYPE' => '$content_type',
            'CONTENT_LENGTH' => '$content_length', 'SCRIPT_NAME' => '$fastcgi_script_name', 'REQUEST_URI' => '$request_uri',
            'DOCUMENT_URI' => '$document_uri', 'DOCUMENT_ROOT' => '$document_root', 'SERVER_PROTOCOL' => '$server_protocol',
            'REQUEST_SCHEME' => '$scheme', 'HTTPS' => '$https if_not_empty', 'GATEWAY_INTERFACE' => 'CGI/1.1',
            'SERVER_SOFTWARE' => 'nginx', 'REMOTE_ADDR' => '$remote_addr', 'REMOTE_PORT' => '$remote_port',
            'SERVER_ADDR' => '$server_addr', 'SERVER_PORT' => '$server_port', 'SERVER_NAME' => '$server_name',
            'REDIRECT_STATUS' => '200',
        ];
        $lines = [];
        foreach ($params as $name => $value) {
            $lines[] = "fastcgi_param $name $value;";
        }

        return implode("\n", $lines)."\n";
    }

    private static function statusScript(): string
    {
        return <<<'PHP'
            <?php
            header('Content-Type: application/json');
            $status = function_exists('opcache_get_status') ? opcache_get_status(false) : false;
            $preload = is_array($status) ? ($status['preload_statistics'] ?? []) : [];
            echo json_encode([
                'php' => PHP_VERSION,
                'user' => function_exists('posix_geteuid') ? (posix_getpwuid(posix_geteuid())['name'] ?? null) : null,
                'opcache' => is_array($status),
                'preload' => [
                    'memoryBytes' => (int) ($preload['memory_consumption'] ?? 0),
                    'scripts' => count($preload['scripts'] ?? []),
                    'classes' => count($preload['classes'] ?? []),
                    'functions' => count($preload['functions'] ?? []),
                ],
                'opcacheUsedBytes' => (int) ($status['memory_usage']['used_memory'] ?? 0),
                'cachedScripts' => (int) ($status['opcache_statistics']['num_cached_scripts'] ?? 0),
                'ini' => [
                    'memory_consumption' => ini_get('opcache.memory_consumption'),
                    'interned_strings_buffer' => ini_get('opcache.interned_strings_buffer'),
                    'max_accelerated_files' => ini_get('opcache.max_accelerated_files'),
                    'memory_limit' => ini_get('memory_limit'),
                    'validate_timestamps' => ini_get('opcache.validate_timestamps'),
                    'jit' => ini_get('opcache.jit'),
                    'preload' => ini_get('opcache.preload'),
                ],
            ]);

            PHP;
    }
}
