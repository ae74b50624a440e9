<?php

declare(strict_types=1);

/*
 * Serves one large static file from the persistent-worker runtime (`bench --runtime=worker`) and measures
 * the workers' memory while they send it: files over 2 MB are streamed from disk as the socket drains,
 * so a worker's PSS must stay flat whatever the file's size. Loopback only, bounded in requests.
 *
 *   php bench/worker-static-file.php [--mb=100] [--requests=5] [--workers=1] [--clients=1]
 *
 * Prints the file size, requests, seconds, MB/s, and the workers' PSS before, at most while sending
 * (sampled every 64 KB read), and after.
 */

use Preheat\Php\PhpInstallationLocator;
use Preheat\Process\SymfonyProcessRunner;
use Preheat\Server\ProcessSupervisor;
use Preheat\Server\StackSettings;
use Preheat\Server\Worker\WorkerLauncher;
use Preheat\Server\WorkerSettings;

require __DIR__.'/../vendor/autoload.php';

$options = getopt('', ['mb::', 'requests::', 'workers::', 'clients::']);
$megabytes = max(1, (int) ($options['mb'] ?? 100));
$requests = max(1, (int) ($options['requests'] ?? 5));
$workers = max(1, (int) ($options['workers'] ?? 1));
$clients = max(1, min(8, (int) ($options['clients'] ?? 1)));

$directory = sys_get_temp_dir().'/preheat-worker-static-'.bin2hex(random_bytes(4));
mkdir($directory.'/public', 0755, true);
mkdir($directory.'/scenario', 0755);
chmod($directory, 0755);
file_put_contents($directory.'/public/index.php', "<?php echo 'index';\n");
// Real bytes, not a sparse file: the worker reads them from the page cache as it would a real file.
$file = fopen($directory.'/public/big.bin', 'w');
$block = random_bytes(1024 * 1024);
for ($i = 0; $i < $megabytes; ++$i) {
    fwrite($file, $block);
}
fclose($file);
$size = $megabytes * 1024 * 1024;

$supervisor = new ProcessSupervisor(new SymfonyProcessRunner());
try {
    $php = (new PhpInstallationLocator(new SymfonyProcessRunner()))->locate(PHP_BINARY);
    $stack = new StackSettings($directory.'/public', $directory.'/public/index.php', $workers, 'php-fpm', 'nginx', $php, 60.0);
    $runtime = (new WorkerLauncher($supervisor, $stack, new WorkerSettings($directory, 'plain')))->start('static', $directory.'/scenario', null);
    $before = max($runtime->workerMemory());
    $peak = $before;
    $started = microtime(true);
    $received = 0;
    for ($done = 0; $done < $requests; $done += $clients) {
        $sockets = [];
        for ($c = 0; $c < $clients && $done + $c < $requests; ++$c) {
            $socket = stream_socket_client('tcp://127.0.0.1:'.$runtime->port, $errno, $error, 10.0);
            fwrite($socket, "GET /big.bin HTTP/1.1\r\nHost: bench\r\nConnection: close\r\n\r\n");
            $sockets[] = $socket;
        }
        $chunks = 0;
        while ([] !== $sockets) {
            $read = $sockets;
            $write = $except = null;
            stream_select($read, $write, $except, 10);
            foreach ($read as $socket) {
                $chunk = fread($socket, 65536);
                if (false === $chunk || '' === $chunk) {
                    fclose($socket);
                    unset($sockets[array_search($socket, $sockets, true)]);
                    continue;
                }
                $received += strlen($chunk);
                if (0 === ++$chunks % 16) {
                    $peak = max($peak, ...($runtime->workerMemory() ?: [0]));
                }
            }
        }
    }
    $seconds = microtime(true) - $started;
    $after = max($runtime->workerMemory());
    $runtime->stop();
    printf("file %d MB, %d requests (%d at a time), %d workers: %.1f s, %.0f MB/s%s\n", $megabytes, $requests, $clients, $workers, $seconds, $received / 1048576 / $seconds, $received < $requests * $size ? ' (SHORT: only '.$received.' bytes received)' : '');
    printf("worker PSS: %.1f MB before, %.1f MB at most while sending (sampled every 1 MB read), %.1f MB after\n", $before / 1048576, $peak / 1048576, $after / 1048576);
} finally {
    $supervisor->stopAll();
    exec('rm -rf '.escapeshellarg($directory));
}
