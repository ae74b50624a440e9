<?php

/*
 * OPcache preload script written by Preheat 0.1.0. Do not edit: run `preheat generate` again
 * after every deploy that changes code (composer install/update).
 *
 * Strategy: paths
 * Scanned:  ., vendor (9 files)
 * Preloads: 5 files, 5 classes, 0 functions
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
final class PreheatManifest_768124d50e2b2ed5
{
    public const PLAN = 'f79313a8c037a8f62116a71599392407235d6fcf4d89f7fbd28e5682bf89d534';
    public const SOURCES = 'xxh128:a96f4a1cd479636820530e4b349e697081b58ea5b095273d91bd61c404212a97';
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
    __DIR__.'/inc/Cache/Cache.php',
    __DIR__.'/inc/Extension/PluginInterface.php',
    __DIR__.'/inc/Extension/SyntaxPlugin.php',
    __DIR__.'/inc/Parser.php',
    __DIR__.'/vendor/splitbrain/php-archive/src/Archive.php',
]);
