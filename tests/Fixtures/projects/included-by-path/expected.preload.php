<?php

/*
 * OPcache preload script written by Preheat 0.1.0. Do not edit: run `preheat generate` again
 * after every deploy that changes code (composer install/update).
 *
 * Strategy: paths
 * Scanned:  ., vendor (9 files)
 * Preloads: 2 files, 2 classes, 0 functions
 * Left out: 7 files (`preheat generate --format=json` or `preheat explain FILE` says why)
 *
 * Enable in the php.ini of php-fpm, then restart php-fpm (a reload or opcache_reset() does not reload it;
 * `preheat status` tells whether a running php-fpm preloads this script and these files):
 *     opcache.preload=/absolute/path/to/this/file
 *     opcache.preload_user=www-data   ; the user php-fpm workers run as (needed when the master runs as root)
 */

// memory_limit is for the app's requests; PHP restores it when the preload ends.
ini_set('memory_limit', '-1');

// Which plan and which code this script preloads, for `preheat status` to compare a running php-fpm with.
final class PreheatManifest_bbd63e0667923559
{
    public const PLAN = '03d3c45f8d6223dad55ea4a7de07d7df1f296dc9bc3f30b0d8f4ae1b7fe21989';
    public const SOURCES = 'xxh128:46e5a911a7ee99c284987182429d6edac2f3bbf70ad925997f3200eda5581a2d';
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
    __DIR__.'/src/Greeter.php',
    __DIR__.'/vendor/acme/uuid/src/Uuid.php',
]);
