<?php

declare(strict_types=1);

/*
 * What `systemctl restart php-fpm` does, for a php-fpm of a test: stop the running master by the PID in
 * its pid file (SIGTERM, waiting for it to exit), start a new master, and wait until it accepts on its
 * `listen =`. A reload (SIGUSR2) would keep the preloaded classes; this starts a new master.
 *
 *     php restart-php-fpm.php DIRECTORY    (DIRECTORY holds php-fpm.conf, php.ini; the pid file is fpm.pid)
 */

$directory = $argv[1] ?? '';
$conf = $directory.'/php-fpm.conf';
if (!is_file($conf) || !is_file($directory.'/php.ini')) {
    fwrite(STDERR, "usage: php restart-php-fpm.php DIRECTORY (with php-fpm.conf and php.ini)\n");
    exit(2);
}
$pidFile = $directory.'/fpm.pid';

function alive(int $pid): bool
{
    $stat = @file_get_contents('/proc/'.$pid.'/stat');

    // A zombie has exited: only its parent has not collected it yet.
    return false !== $stat && 1 !== preg_match('/^\d+ \(.*\) Z /s', $stat);
}

$old = is_file($pidFile) ? (int) file_get_contents($pidFile) : 0;
if ($old > 0 && alive($old)) {
    posix_kill($old, SIGTERM);
    for ($deadline = microtime(true) + 10; alive($old) && microtime(true) < $deadline;) {
        usleep(20_000);
    }
    if (alive($old)) {
        posix_kill($old, SIGKILL);
        usleep(200_000);
    }
}
@unlink($pidFile);

$fpm = '/usr/sbin/php-fpm'.PHP_MAJOR_VERSION.'.'.PHP_MINOR_VERSION;
$command = [$fpm, '--fpm-config', $conf, '--php-ini', $directory.'/php.ini'];
if (0 === posix_geteuid()) {
    $command[] = '--allow-to-run-as-root';
}
// daemonize = yes in php-fpm.conf: this returns once the master is up.
$start = proc_open($command, [0 => ['file', '/dev/null', 'r'], 1 => STDOUT, 2 => STDERR], $pipes);
if (!is_resource($start) || 0 !== proc_close($start)) {
    fwrite(STDERR, 'php-fpm did not start: '.@file_get_contents($directory.'/fpm.log')."\n");
    exit(1);
}
preg_match('/^listen\s*=\s*(\S+)/m', (string) file_get_contents($conf), $listen);
$address = str_starts_with($listen[1] ?? '', '/') ? 'unix://'.$listen[1] : 'tcp://'.($listen[1] ?? '');
for ($deadline = microtime(true) + 30; microtime(true) < $deadline; usleep(20_000)) {
    $socket = @stream_socket_client($address, $code, $message, 1.0);
    if (false !== $socket && is_file($pidFile)) {
        fclose($socket);
        exit(0);
    }
}
fwrite(STDERR, 'php-fpm does not accept on '.$address.': '.@file_get_contents($directory.'/fpm.log')."\n");
exit(1);
