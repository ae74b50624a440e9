<?php

/*
 * OPcache preload script written by Preheat 0.1.0. Do not edit: run `preheat generate` again
 * after every deploy that changes code (composer install/update).
 *
 * Strategy: paths
 * Scanned:  ., vendor (7 files)
 * Preloads: 3 files, 3 classes, 0 functions
 * Left out: 4 files (`preheat generate --format=json` or `preheat explain FILE` says why)
 *
 * Enable in the php.ini of php-fpm, then restart php-fpm (a reload or opcache_reset() does not reload it;
 * `preheat status` tells whether a running php-fpm preloads this script and these files):
 *     opcache.preload=/absolute/path/to/this/file
 *     opcache.preload_user=www-data   ; the user php-fpm workers run as (needed when the master runs as root)
 */

// memory_limit is for the app's requests; PHP restores it when the preload ends.
ini_set('memory_limit', '-1');

// Which plan and which code this script preloads, for `preheat status` to compare a running php-fpm with.
final class PreheatManifest_d9f411ae4e9f9d7c
{
    public const PLAN = '0bc2e813e0a20e1c8a6fbaa3ca79cb06778ae5cc32ac56b67191cb6f5f4d6b41';
    public const SOURCES = 'xxh128:6ecf53de7e3e3533ff7a0d8e6cf6728040d1d0d362834c9675754eb3978dd7b8';
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
    __DIR__.'/vendor/acme/value/src/Entity.php',
    __DIR__.'/vendor/acme/value/src/Point.php',
    __DIR__.'/vendor/acme/value/src/Point3.php',
]);
