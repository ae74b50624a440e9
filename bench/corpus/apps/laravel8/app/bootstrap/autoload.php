<?php

/*
|--------------------------------------------------------------------------
| Class loading
|--------------------------------------------------------------------------
|
| The framework comes from Debian's php-laravel-framework package, which
| installs under /usr/share/php (on PHP's include_path) with an autoloader
| of its own. The application's classes are loaded by the PSR-4 rules
| below, the same ones composer.json declares.
|
*/

require_once 'Illuminate/autoload.php';

spl_autoload_register(static function (string $class): void {
    static $prefixes = [
        'App\\' => __DIR__.'/../app/',
        'Database\\Seeders\\' => __DIR__.'/../database/seeders/',
    ];

    foreach ($prefixes as $prefix => $directory) {
        if (strncmp($class, $prefix, strlen($prefix)) === 0) {
            $file = $directory.str_replace('\\', '/', substr($class, strlen($prefix))).'.php';

            if (is_file($file)) {
                require $file;
            }

            return;
        }
    }
});
