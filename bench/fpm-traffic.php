<?php

declare(strict_types=1);

// Sends a bounded number of requests for the bench's pages straight to a php-fpm pool over FastCGI (no
// web server in between), as a web server would: what the pool then counts is what the default of
// `preheat generate` reads.
// Usage: php bench/fpm-traffic.php ADDRESS FRONT_CONTROLLER REQUESTS_PER_PAGE PATH...
require __DIR__.'/../vendor/autoload.php';

use Preheat\Php\FastCgi\FastCgiAddress;
use Preheat\Php\FastCgi\FastCgiClient;

[, $address, $frontController, $perPage] = $argv + [null, null, null, null];
$paths = array_slice($argv, 4);
$count = (int) $perPage;
if (null === $address || null === $frontController || $count < 1 || $count > 1000 || [] === $paths) {
    fwrite(STDERR, "usage: php bench/fpm-traffic.php ADDRESS FRONT_CONTROLLER REQUESTS_PER_PAGE(1-1000) PATH...\n");
    exit(2);
}
$address = FastCgiAddress::parse($address, 'ADDRESS')->address;
if (!str_starts_with($address, '127.0.0.1:') && !str_starts_with($address, '/')) {
    fwrite(STDERR, "only a loopback address or a socket: {$address}\n");
    exit(2);
}
$client = new FastCgiClient(30.0, 16 * 1024 * 1024);
$documentRoot = dirname($frontController);
$failed = 0;
$sent = 0;
foreach ($paths as $path) {
    for ($i = 0; $i < $count; ++$i) {
        [$uri, $query] = explode('?', $path, 2) + [1 => ''];
        $response = $client->request($address, [
            'GATEWAY_INTERFACE' => 'FastCGI/1.0',
            'REQUEST_METHOD' => 'GET',
            'SCRIPT_FILENAME' => $frontController,
            'SCRIPT_NAME' => '/'.basename($frontController),
            'REQUEST_URI' => $path,
            'DOCUMENT_URI' => $uri,
            'DOCUMENT_ROOT' => $documentRoot,
            'QUERY_STRING' => $query,
            'SERVER_PROTOCOL' => 'HTTP/1.1',
            'SERVER_SOFTWARE' => 'preheat-bench',
            'REMOTE_ADDR' => '127.0.0.1',
            'SERVER_ADDR' => '127.0.0.1',
            'SERVER_PORT' => '80',
            'SERVER_NAME' => 'localhost',
            'HTTP_HOST' => 'localhost',
        ]);
        ++$sent;
        if ($response->status >= 400) {
            ++$failed;
        }
    }
}
printf("Sent %d requests to php-fpm at %s (%d answered 4xx/5xx)\n", $sent, $address, $failed);
exit($failed > 0 ? 1 : 0);
