<?php

/*
 * OPcache preload script written by Preheat 0.1.0. Do not edit: run `preheat generate` again
 * after every deploy that changes code (composer install/update).
 *
 * Strategy: paths
 * Scanned:  . (10 files)
 * Preloads: 5 files, 3 classes, 2 functions
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
final class PreheatManifest_2f00401996e32f47
{
    public const PLAN = 'b58e4594c1c345c0aa32a1865a0b9d7ae1ff70dd8211b5a55b0dfde9c7228d81';
    public const SOURCES = 'xxh128:6dcf2864e35db679b3488bf3794565e3787b38e31dcf80705cf2486b8f524dd1';
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
    __DIR__.'/wp-admin/admin-functions.php',
    __DIR__.'/wp-includes/cache/class-wp-cache-key.php',
    __DIR__.'/wp-includes/class-wp-post.php',
    __DIR__.'/wp-includes/class-wp-query.php',
    __DIR__.'/wp-includes/plugin.php',
]);
