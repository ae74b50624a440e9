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
final class PreheatManifest_541b377eeeffa942
{
    public const PLAN = '7f25afcdbd6e259745f6e1e643d003ff6d2fb5ddf6bbe7f4082296a3fa4bc0b4';
    public const SOURCES = '5d3114aa3ce69b92464656063a5fe84e556bcc582e1ffb8d8738d5a803c6d02a';
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
