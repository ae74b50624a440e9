<?php

declare(strict_types=1);

spl_autoload_register(static function (string $class): void {
    $file = __DIR__.'/../src/'.str_replace('\\', '/', substr($class, 4)).'.php';
    if (str_starts_with($class, 'App\\') && is_file($file)) {
        require $file;
    }
});

echo (new App\HomePage())->render();
