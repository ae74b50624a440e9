<?php

/*
 * OPcache preload script written by Preheat 0.1.0. Do not edit: run `preheat generate` again
 * after every deploy that changes code (composer install/update).
 *
 * Strategy: paths
 * Scanned:  ., vendor (7 files)
 * Preloads: 4 files, 4 classes, 0 functions
 * Left out: 3 files (`preheat generate --format=json` or `preheat explain FILE` says why)
 *
 * Enable in the php.ini of php-fpm, then restart php-fpm (opcache_reset() does not reload it):
 *     opcache.preload=/absolute/path/to/this/file
 *     opcache.preload_user=www-data   ; the user php-fpm workers run as (needed when the master runs as root)
 */

// memory_limit is for the app's requests; PHP restores it when the preload ends.
ini_set('memory_limit', '-1');

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
    __DIR__.'/vendor/acme/dbal/src/ConnectionMiddleware.php',
    __DIR__.'/vendor/acme/bridge/src/RequiresTransactions.php',
    __DIR__.'/vendor/acme/bridge/src/Dbal4Connection.php',
    __DIR__.'/vendor/acme/dbal/src/Formatter.php',
]);
