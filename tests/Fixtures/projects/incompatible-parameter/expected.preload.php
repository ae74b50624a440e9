<?php

/*
 * OPcache preload script written by Preheat 0.1.0. Do not edit: run `preheat generate` again
 * after every deploy that changes code (composer install/update).
 *
 * Strategy: paths
 * Scanned:  ., vendor (4 files)
 * Preloads: 3 files, 3 classes, 0 functions
 * Left out: 1 files (`preheat generate --format=json` or `preheat explain FILE` says why)
 *
 * Enable in the php.ini of php-fpm, then restart php-fpm (a reload or opcache_reset() does not reload it;
 * `preheat status` tells whether a running php-fpm preloads this script and these files):
 *     opcache.preload=/absolute/path/to/this/file
 *     opcache.preload_user=www-data   ; the user php-fpm workers run as (needed when the master runs as root)
 */

// memory_limit is for the app's requests; PHP restores it when the preload ends.
ini_set('memory_limit', '-1');

// Which plan and which code this script preloads, for `preheat status` to compare a running php-fpm with.
final class PreheatManifest_2b13bf109232b591
{
    public const PLAN = '597a20bd2aa4a99134844ab8907fbc1f226c54ee3ba4b9b49ab468306ee15d23';
    public const SOURCES = 'xxh128:09de032908f1691ae3f73f898ca13dfaa376924b68437d1795e509a4c62a93db';
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
    __DIR__.'/vendor/acme/dbal/src/StatementMiddleware.php',
    __DIR__.'/vendor/acme/bridge/src/Dbal3Statement.php',
    __DIR__.'/vendor/acme/bridge/src/Dbal4Statement.php',
]);
