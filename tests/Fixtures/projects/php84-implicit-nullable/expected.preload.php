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
final class PreheatManifest_e21c6cb7e6182527
{
    public const PLAN = '5f49003ff9be76aceac6cb623ac8c2f1e06af7430d0ff4c9c0da07081593e78a';
    public const SOURCES = 'xxh128:fe69a1e1b73f02926320f94d4217d541fac367a23afb6b362e0a2cb68c5282b7';
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
    __DIR__.'/vendor/acme/mailer/src/Mailer.php',
    __DIR__.'/vendor/acme/mailer/src/Message.php',
    __DIR__.'/vendor/acme/mailer/src/Transport.php',
]);
