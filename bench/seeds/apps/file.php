<?php

declare(strict_types=1);

// A static file served through PHP: one of the files the seeds run generates in files/, read with
// readfile(), which php-fpm streams out in chunks, so a 100 MB file never sits in the worker's memory.
$name = (string) ($_GET['name'] ?? '');
$path = __DIR__.'/files/'.basename($name);
if ('' === $name || !is_file($path)) {
    http_response_code(404);
    exit;
}
header('Content-Type: application/octet-stream');
header('Content-Length: '.filesize($path));
while (ob_get_level() > 0) {
    ob_end_flush();
}
readfile($path);
