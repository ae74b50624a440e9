<?php

declare(strict_types=1);

/*
 * The persistent-worker server, run by `preheat bench --runtime=worker` as
 *     php -c php.ini worker.php worker.json
 * inside the app's own PHP: it loads nothing of Preheat but its own classes and the event loop and socket
 * libraries the configuration names (never Preheat's Composer autoloader, whose packages would clash with
 * the app's).
 */

namespace Preheat\Worker;

if (\PHP_SAPI !== 'cli' || !isset($argv[1])) {
    fwrite(\STDERR, "usage: php worker.php CONFIG.json\n");
    exit(2);
}
require __DIR__.'/Autoloader.php';
$raw = json_decode((string) file_get_contents($argv[1]), true);
$appAutoload = \is_array($raw) && \is_array($raw['autoload'] ?? null) ? $raw['autoload'] : [];
Autoloader::register(['Preheat\\Worker\\' => __DIR__] + $appAutoload);
if (!\function_exists('pcntl_fork') || !\function_exists('posix_kill')) {
    fwrite(\STDERR, "The worker needs PHP's pcntl and posix extensions in the CLI.\n");
    exit(2);
}
try {
    $config = WorkerConfig::fromFile($argv[1]);
    $log = new WorkerLog($config->log);
    exit((new Master($config, $log))->run());
} catch (\Throwable $error) {
    fwrite(\STDERR, $error->getMessage()."\n");
    isset($log) && $log->write('could not start: '.$error->getMessage());
    exit(1);
}
