<?php

declare(strict_types=1);

namespace Preheat\Doctor\Rule;

use Preheat\Doctor\Finding\Finding;
use Preheat\Doctor\Finding\Fix;
use Preheat\Doctor\Finding\Rung;
use Preheat\Doctor\Finding\Severity;
use Preheat\Doctor\Profile\AppProfile;
use Preheat\Doctor\Profile\ServerConfig;
use Preheat\Php\OpcacheSizing;

/**
 * OPcache big enough for this app: shared memory, interned strings and the number of scripts. When
 * any of them runs out OPcache stops caching (or restarts), and the app compiles on every request.
 */
final class OpcacheSizingRule implements Rule
{
    public function check(ServerConfig $server, AppProfile $app): array
    {
        if (!$server->flag('opcache.enable')) {
            return [new Finding(
                'opcache-disabled',
                Severity::Error,
                'OPcache is off for php-fpm',
                'Every request compiles every file again. Turn it on (and load the opcache extension).',
                [Fix::at($server->ini->fixLocation('opcache.enable'), '1')],
                Rung::OpcacheSizing,
            )];
        }
        $how = $app->measured ? 'measured' : 'estimated from the source size; measuring compiles them';
        $findings = [];

        $sizing = OpcacheSizing::forApp($app->files, $app->opcacheBytes, $app->internedBytes);
        $internedNeeded = $sizing->internedStringsMb;
        $interned = $server->megabytes('opcache.interned_strings_buffer');
        if ($interned < $internedNeeded) {
            $findings[] = new Finding(
                'interned-strings-undersized',
                Severity::Warning,
                \sprintf(
                    'opcache.interned_strings_buffer is %d MB; this app needs about %d MB',
                    $interned,
                    $internedNeeded,
                ),
                \sprintf(
                    'The app\'s %d files intern about %.1f MB of strings (%s), on top of PHP\'s own and the '
                    .'buffer\'s hash table. When the buffer is full, each worker keeps its own copies and OPcache '
                    .'warns "Interned string buffer overflow".',
                    $app->files,
                    $app->internedBytes / 1048576,
                    $how,
                ),
                [Fix::at($server->ini->fixLocation('opcache.interned_strings_buffer'), (string) $internedNeeded)],
                Rung::OpcacheSizing,
            );
        } else {
            $internedNeeded = $interned;
        }

        $memoryNeeded = OpcacheSizing::memoryFor($app->opcacheBytes, $internedNeeded);
        $memory = $server->megabytes('opcache.memory_consumption');
        if ($memory < $memoryNeeded) {
            $findings[] = new Finding(
                'opcache-memory-undersized',
                Severity::Warning,
                \sprintf('opcache.memory_consumption is %d MB; this app needs about %d MB', $memory, $memoryNeeded),
                \sprintf(
                    'The app\'s %d files take about %.1f MB of OPcache memory compiled (%s), and the interned-string '
                    .'buffer (%d MB) is part of it. When it is full, OPcache stops caching new files or restarts.',
                    $app->files,
                    $app->opcacheBytes / 1048576,
                    $how,
                    $internedNeeded,
                ),
                [Fix::at($server->ini->fixLocation('opcache.memory_consumption'), (string) $memoryNeeded)],
                Rung::OpcacheSizing,
            );
        }

        $files = (int) $server->setting('opcache.max_accelerated_files');
        $keys = OpcacheSizing::keySlots($files);
        if ($keys < OpcacheSizing::scriptsNeeded($app->files)) {
            $value = $sizing->maxAcceleratedFiles;
            $findings[] = new Finding(
                'max-accelerated-files-undersized',
                Severity::Warning,
                \sprintf(
                    'opcache.max_accelerated_files is %d (%d slots); this app has %d PHP files',
                    $files,
                    $keys,
                    $app->files,
                ),
                'OPcache caches no more scripts than that (it rounds the setting up to the next prime of its table); '
                .'the rest compile on every request.',
                [Fix::at($server->ini->fixLocation('opcache.max_accelerated_files'), (string) $value)],
                Rung::OpcacheSizing,
            );
        }

        return $findings;
    }
}
