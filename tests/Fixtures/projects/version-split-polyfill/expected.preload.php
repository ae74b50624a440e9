<?php

/*
 * OPcache preload script written by Preheat 0.1.0. Do not edit: run `preheat generate` again
 * after every deploy that changes code (composer install/update).
 *
 * Strategy: paths
 * Scanned:  ., vendor (5 files)
 * Preloads: 1 files, 1 classes, 0 functions
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
final class PreheatManifest_0999ac62dc0f2155
{
    public const PLAN = '85cdaa9efc5f7d289cd00023037e4feaa160236b63e7b522d94f1c9b6d7137b3';
    public const SOURCES = 'xxh128:8af778ed7697b98177b923a87b383551b4e5f30b8530fcce8ac69dbb4517ae80';
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
    __DIR__.'/vendor/acme/polyfill/src/Uuid.php',
]);
