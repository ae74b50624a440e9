<?php

/*
 * OPcache preload script written by Preheat 0.1.0. Do not edit: run `preheat generate` again
 * after every deploy that changes code (composer install/update).
 *
 * Strategy: paths
 * Scanned:  ., vendor (7 files)
 * Preloads: 6 files, 5 classes, 1 functions
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
final class PreheatManifest_6ac1afb54656d004
{
    public const PLAN = '4e5c8651e23e6a78acd77e96124396d8aadc8948609b128594661930159201ef';
    public const SOURCES = 'xxh128:9229148914159cd2b6477fbc92beb27334b0b7f927f5889c72f6f432f21abe08';
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
    __DIR__.'/src/Controller/Controller.php',
    __DIR__.'/src/Controller/HomeController.php',
    __DIR__.'/vendor/acme/container/src/ContainerInterface.php',
    __DIR__.'/vendor/acme/container/src/RemembersInstances.php',
    __DIR__.'/vendor/acme/container/src/Container.php',
    __DIR__.'/vendor/acme/container/src/functions.php',
]);
