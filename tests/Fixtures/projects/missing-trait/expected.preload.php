<?php

/*
 * OPcache preload script written by Preheat 0.1.0. Do not edit: run `preheat generate` again
 * after every deploy that changes code (composer install/update).
 *
 * Strategy: paths
 * Scanned:  ., vendor (5 files)
 * Preloads: 2 files, 2 classes, 0 functions
 * Left out: 3 files (`preheat generate --format=json` or `preheat explain FILE` says why)
 *
 * Enable in the php.ini of php-fpm, then restart php-fpm (a reload or opcache_reset() does not reload it;
 * `preheat status` tells whether a running php-fpm preloads this script and these files):
 *     opcache.preload=/absolute/path/to/this/file
 *     opcache.preload_user=www-data   ; the user php-fpm workers run as (needed when the master runs as root)
 */

// memory_limit is for the app's requests; PHP restores it when the preload ends.
ini_set('memory_limit', '-1');

// Which plan and which code this script preloads, for `preheat status` to compare a running php-fpm with.
final class PreheatManifest_cf18db6c483930bf
{
    public const PLAN = 'd00957425dfc86891a294579a563a6114e58e831ecd5a8b6d1b8d23c54bf5b43';
    public const SOURCES = 'xxh128:437fc46076f5eb83b2704769afe2ec1c81527bf3c16419990b5397a7ba948a7d';
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
    __DIR__.'/vendor/acme/queue/src/Dispatchable.php',
    __DIR__.'/vendor/acme/queue/src/Worker.php',
]);
