<?php

declare(strict_types=1);

// The class-load test: a page that needs two files of classes. php-fpm and mod_php include them (or find
// them preloaded) on every request; a server that keeps the app booted has them from its first request.
require_once __DIR__.'/lib/Greeting.php';
require_once __DIR__.'/lib/Shout.php';

$body = (new Seeds\Shout(new Seeds\Greeting('World')))->render();
header('Content-Type: text/plain');
header('Content-Length: '.strlen($body));
echo $body;
