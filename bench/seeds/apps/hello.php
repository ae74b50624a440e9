<?php

declare(strict_types=1);

// Hello world: the smallest page, with its length so that keep-alive works over HTTP/1.0 (ab -k).
$body = 'Hello, World!';
header('Content-Type: text/plain');
header('Content-Length: '.strlen($body));
echo $body;
