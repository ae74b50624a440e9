<?php

declare(strict_types=1);

// Static files served by PHP: one of the files the seeds run generates in data/files/, read with
// readfile(), which streams in chunks, so a 100 MB file never sits in the worker's memory.
$name = (string) ($_GET['name'] ?? '');
$path = dirname(__DIR__).'/data/files/'.basename($name);
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
