<?php

/*
 * OPcache preload script written by Preheat 0.1.0. Do not edit: run `preheat generate` again
 * after every deploy that changes code (composer install/update).
 *
 * Strategy: paths
 * Scanned:  ., vendor (18 files)
 * Preloads: 10 files, 10 classes, 0 functions
 * Left out: 8 files (`preheat generate --format=json` or `preheat explain FILE` says why)
 *
 * Enable in the php.ini of php-fpm, then restart php-fpm (a reload or opcache_reset() does not reload it;
 * `preheat status` tells whether a running php-fpm preloads this script and these files):
 *     opcache.preload=/absolute/path/to/this/file
 *     opcache.preload_user=www-data   ; the user php-fpm workers run as (needed when the master runs as root)
 */

// memory_limit is for the app's requests; PHP restores it when the preload ends.
ini_set('memory_limit', '-1');

// Which plan and which code this script preloads, for `preheat status` to compare a running php-fpm with.
final class PreheatManifest_1fbb9514da530567
{
    public const PLAN = 'f4838d5faacca84fa6dc110118214b8651447c9c35e0863c05ef42887849f59c';
    public const SOURCES = 'xxh128:769c2874aaa845ef5c11a1ecbf0b0cbc4de5b407ec0d54a4243a94713f3fc2a5';
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
    __DIR__.'/vendor/acme/repo/src/Entity.php',
    __DIR__.'/vendor/acme/repo/src/Article.php',
    __DIR__.'/vendor/acme/repo/src/Repository.php',
    __DIR__.'/vendor/acme/repo/src/ArticleRepository.php',
    __DIR__.'/vendor/acme/repo/src/Finder.php',
    __DIR__.'/vendor/acme/repo/src/Handler.php',
    __DIR__.'/vendor/acme/repo/src/ObjectHandler.php',
    __DIR__.'/vendor/acme/repo/src/PostFinder.php',
    __DIR__.'/vendor/acme/repo/src/Shape.php',
    __DIR__.'/vendor/acme/repo/src/Statement.php',
]);
