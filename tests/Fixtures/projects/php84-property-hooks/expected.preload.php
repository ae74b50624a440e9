<?php

/*
 * OPcache preload script written by Preheat 0.1.0. Do not edit: run `preheat generate` again
 * after every deploy that changes code (composer install/update).
 *
 * Strategy: paths
 * Scanned:  ., vendor (10 files)
 * Preloads: 8 files, 8 classes, 0 functions
 * Left out: 2 files (`preheat generate --format=json` or `preheat explain FILE` says why)
 *
 * Enable in the php.ini of php-fpm, then restart php-fpm (a reload or opcache_reset() does not reload it;
 * `preheat status` tells whether a running php-fpm preloads this script and these files):
 *     opcache.preload=/absolute/path/to/this/file
 *     opcache.preload_user=www-data   ; the user php-fpm workers run as (needed when the master runs as root)
 */

// memory_limit is for the app's requests; PHP restores it when the preload ends.
ini_set('memory_limit', '-1');

// Which plan and which code this script preloads, for `preheat status` to compare a running php-fpm with.
final class PreheatManifest_3b081f63f3252413
{
    public const PLAN = '5b0e8ecddbeb259c86e2fc936b9c5d419312e234e32b4dcb1b1ef2b44b17c391';
    public const SOURCES = 'xxh128:c61c219b444158d17f6ded295faf7af6eb2b78f2c51e9eb5946a3a68b7172c1e';
}

(static function (array $files): void {
    foreach ($files as $file) {
        // A file removed since this script was written is skipped: a missing file must not stop the server starting.
        $path = realpath($file);
        if (false === $path || !is_file($path)) {
            continue;
        }
        try {
            opcache_compile_file($path);
        } catch (\Throwable $error) {
            trigger_error(sprintf('Preheat: skipped %s: %s', $path, $error->getMessage()), \E_USER_WARNING);
        }
    }
})([
    __DIR__.'/vendor/acme/shop/src/Labelled.php',
    __DIR__.'/vendor/acme/shop/src/Badge.php',
    __DIR__.'/vendor/acme/shop/src/Priced.php',
    __DIR__.'/vendor/acme/shop/src/Money.php',
    __DIR__.'/vendor/acme/shop/src/SalePrice.php',
    __DIR__.'/vendor/acme/shop/src/Discounted.php',
    __DIR__.'/vendor/acme/shop/src/Product.php',
    __DIR__.'/vendor/acme/shop/src/Slugger.php',
]);
