<?php

/*
 * OPcache preload script written by Preheat 0.1.0. Do not edit: run `preheat generate` again
 * after every deploy that changes code (composer install/update).
 *
 * Strategy: paths
 * Scanned:  ., vendor (8 files)
 * Preloads: 7 files, 7 classes, 0 functions
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
final class PreheatManifest_2d2c80085aeb405f
{
    public const PLAN = 'e1cf01c29007d2721c90d6b86b956fe5cf966eda799f033bcaaec70f2d72663f';
    public const SOURCES = 'xxh128:759b4cc80d78f6e476a73e51073089503098b5360e408395ab554f2a52b85687';
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
    __DIR__.'/src/Http/Buildable.php',
    __DIR__.'/src/Http/Request.php',
    __DIR__.'/src/Http/JsonRequest.php',
    __DIR__.'/src/Http/Options.php',
    __DIR__.'/src/Http/OptionsBag.php',
    __DIR__.'/src/Http/ResponseFactory.php',
    __DIR__.'/vendor/acme/support/src/Macroable.php',
]);
