<?php

/*
 * OPcache preload script written by Preheat 0.1.0. Do not edit: run `preheat generate` again
 * after every deploy that changes code (composer install/update).
 *
 * Strategy: paths
 * Scanned:  ., vendor (10 files)
 * Preloads: 7 files, 7 classes, 0 functions
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
final class PreheatManifest_7a1faa8daf1520ff
{
    public const PLAN = '9c5fb796d39fdd7559dd07e3d8a5dfc71e83d517d3940c4f366786b418a3531f';
    public const SOURCES = 'xxh128:2e7457d2086bdbb2a30a716fb8fe6b8b068a59ae7a31d215f5afdfeed6859daf';
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
    __DIR__.'/vendor/acme/config/src/Defaults.php',
    __DIR__.'/vendor/acme/config/src/Env.php',
    __DIR__.'/vendor/acme/config/src/HasVersion.php',
    __DIR__.'/vendor/acme/config/src/Settings.php',
    __DIR__.'/vendor/acme/config/src/FastSettings.php',
    __DIR__.'/vendor/acme/config/src/Limits.php',
    __DIR__.'/vendor/acme/config/src/Mode.php',
]);
