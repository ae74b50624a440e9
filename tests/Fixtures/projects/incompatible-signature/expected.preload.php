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
 * Enable in the php.ini of php-fpm, then restart php-fpm (a reload or opcache_reset() does not reload it;
 * `preheat status` tells whether a running php-fpm preloads this script and these files):
 *     opcache.preload=/absolute/path/to/this/file
 *     opcache.preload_user=www-data   ; the user php-fpm workers run as (needed when the master runs as root)
 */

// memory_limit is for the app's requests; PHP restores it when the preload ends.
ini_set('memory_limit', '-1');

// Which plan and which code this script preloads, for `preheat status` to compare a running php-fpm with.
final class PreheatManifest_055b8978cc948884
{
    public const PLAN = 'b65555f6a24db57af3d80e214c28d9f810a0dbef6dd3762bd482300e8e36a047';
    public const SOURCES = 'xxh128:4df86683ce590329778fa1a812df4d88fa6397869cb6f8e283202c08af18822b';
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
    __DIR__.'/vendor/acme/dbal/src/ConnectionMiddleware.php',
    __DIR__.'/vendor/acme/bridge/src/RequiresTransactions.php',
    __DIR__.'/vendor/acme/bridge/src/Dbal4Connection.php',
    __DIR__.'/vendor/acme/dbal/src/Formatter.php',
]);
