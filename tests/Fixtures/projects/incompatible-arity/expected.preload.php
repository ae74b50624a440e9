<?php

/*
 * OPcache preload script written by Preheat 0.1.0. Do not edit: run `preheat generate` again
 * after every deploy that changes code (composer install/update).
 *
 * Strategy: paths
 * Scanned:  ., vendor (8 files)
 * Preloads: 3 files, 3 classes, 0 functions
 * Left out: 5 files (`preheat generate --format=json` or `preheat explain FILE` says why)
 *
 * Enable in the php.ini of php-fpm, then restart php-fpm (a reload or opcache_reset() does not reload it;
 * `preheat status` tells whether a running php-fpm preloads this script and these files):
 *     opcache.preload=/absolute/path/to/this/file
 *     opcache.preload_user=www-data   ; the user php-fpm workers run as (needed when the master runs as root)
 */

// memory_limit is for the app's requests; PHP restores it when the preload ends.
ini_set('memory_limit', '-1');

// Which plan and which code this script preloads, for `preheat status` to compare a running php-fpm with.
final class PreheatManifest_b17679eac0ebe0ca
{
    public const PLAN = '7f25afcdbd6e259745f6e1e643d003ff6d2fb5ddf6bbe7f4082296a3fa4bc0b4';
    public const SOURCES = 'xxh128:dd3d9b33613803946f29bb0c6b858769175b431c22a552b084533dfb91eb8324';
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
    __DIR__.'/vendor/acme/greeting/src/Greeter.php',
    __DIR__.'/vendor/acme/app/src/ExtraOptional.php',
    __DIR__.'/vendor/acme/app/src/FewerRequired.php',
]);
