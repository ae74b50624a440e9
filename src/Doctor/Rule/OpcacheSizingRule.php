<?php

declare(strict_types=1);

namespace Preheat\Doctor\Rule;

use Preheat\Doctor\AppProfile;
use Preheat\Doctor\Finding;
use Preheat\Doctor\Fix;
use Preheat\Doctor\Rung;
use Preheat\Doctor\ServerConfig;
use Preheat\Doctor\Severity;

/**
 * OPcache big enough for this app: shared memory, interned strings and the number of scripts. When
 * any of them runs out OPcache stops caching (or restarts), and the app compiles on every request.
 */
final class OpcacheSizingRule implements Rule
{
    /** Room for what is not measured: other entry points, code that grows, OPcache's own wasted memory. */
    public const HEADROOM = 1.25;

    /** The interned-string hash table takes about a quarter of the buffer (measured: 2.5 MB of 8, 4.6 of 16). */
    private const INTERNED_USABLE_SHARE = 0.74;

    /** PHP's own interned strings (names of built-in functions, classes, ...), about 1 MB. */
    private const PHP_INTERNED_BYTES = 1048576;

    /** OPcache's own structures besides the scripts. */
    private const OPCACHE_BASE_BYTES = 16 * 1048576;

    /** The key-table sizes OPcache rounds max_accelerated_files up to (zend_accelerator_hash.c). */
    private const PRIMES = [223, 463, 983, 1979, 3907, 7963, 16229, 32531, 65407, 130987, 262237, 524521, 1048793];

    public function check(ServerConfig $server, AppProfile $app): array
    {
        if (!$server->flag('opcache.enable')) {
            return [new Finding(
                'opcache-disabled',
                Severity::Error,
                'OPcache is off for php-fpm',
                'Every request compiles every file again. Turn it on (and load the opcache extension).',
                [Fix::at($server->ini->locate('opcache.enable'), '1')],
                Rung::OpcacheSizing,
            )];
        }
        $how = $app->measured ? 'measured' : 'estimated from the source size; measuring compiles them';
        $findings = [];

        $internedNeeded = self::roundUp((int) ceil(($app->internedBytes + self::PHP_INTERNED_BYTES) * self::HEADROOM / self::INTERNED_USABLE_SHARE / 1048576), 8);
        $interned = $server->megabytes('opcache.interned_strings_buffer');
        if ($interned < $internedNeeded) {
            $findings[] = new Finding(
                'interned-strings-undersized',
                Severity::Warning,
                \sprintf('opcache.interned_strings_buffer is %d MB; this app needs about %d MB', $interned, $internedNeeded),
                \sprintf('The app\'s %d files intern about %.1f MB of strings (%s), on top of PHP\'s own and the buffer\'s hash table. When the buffer is full, each worker keeps its own copies and OPcache warns "Interned string buffer overflow".', $app->files, $app->internedBytes / 1048576, $how),
                [Fix::at($server->ini->locate('opcache.interned_strings_buffer'), (string) $internedNeeded)],
                Rung::OpcacheSizing,
            );
        } else {
            $internedNeeded = $interned;
        }

        $memoryNeeded = self::roundUp((int) ceil(($app->opcacheBytes * self::HEADROOM + self::OPCACHE_BASE_BYTES) / 1048576) + $internedNeeded, 32);
        $memory = $server->megabytes('opcache.memory_consumption');
        if ($memory < $memoryNeeded) {
            $findings[] = new Finding(
                'opcache-memory-undersized',
                Severity::Warning,
                \sprintf('opcache.memory_consumption is %d MB; this app needs about %d MB', $memory, $memoryNeeded),
                \sprintf('The app\'s %d files take about %.1f MB of OPcache memory compiled (%s), and the interned-string buffer (%d MB) is part of it. When it is full, OPcache stops caching new files or restarts.', $app->files, $app->opcacheBytes / 1048576, $how, $internedNeeded),
                [Fix::at($server->ini->locate('opcache.memory_consumption'), (string) $memoryNeeded)],
                Rung::OpcacheSizing,
            );
        }

        $files = (int) $server->setting('opcache.max_accelerated_files');
        $keys = self::keySlots($files);
        $keysNeeded = (int) ceil($app->files * self::HEADROOM);
        if ($keys < $keysNeeded) {
            $value = self::roundUp($keysNeeded, 10000);
            $findings[] = new Finding(
                'max-accelerated-files-undersized',
                Severity::Warning,
                \sprintf('opcache.max_accelerated_files is %d (%d slots); this app has %d PHP files', $files, $keys, $app->files),
                'OPcache caches no more scripts than that (it rounds the setting up to the next prime of its table); the rest compile on every request.',
                [Fix::at($server->ini->locate('opcache.max_accelerated_files'), (string) $value)],
                Rung::OpcacheSizing,
            );
        }

        return $findings;
    }

    /** The number of scripts OPcache keeps for a max_accelerated_files value. */
    public static function keySlots(int $setting): int
    {
        foreach (self::PRIMES as $prime) {
            if ($prime >= $setting) {
                return $prime;
            }
        }

        return $setting;
    }

    private static function roundUp(int $value, int $step): int
    {
        return max($step, (int) ceil($value / $step) * $step);
    }
}
