<?php

declare(strict_types=1);

namespace Preheat\Php;

/**
 * OPcache sized for one app: the interned-string buffer, shared memory and script slots its files need
 * (from what compiling them took, measured or estimated), with room for what is not measured. `doctor`
 * compares them with the server's settings; the ladder's "opcache sizing" rung runs with them.
 */
final class OpcacheSizing
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

    /** Bytes of realpath cache per file: the path and its parent directories, as PHP keeps them. */
    private const REALPATH_BYTES_PER_FILE = 512;

    /** PHP's default realpath_cache_size (4096K) is never lowered. */
    private const REALPATH_MIN_MB = 4;

    private function __construct(
        public readonly int $files,
        public readonly int $internedStringsMb,
        public readonly int $memoryMb,
        public readonly int $maxAcceleratedFiles,
    ) {
    }

    /**
     * @param int $opcacheBytes  shared memory the app's files take compiled
     * @param int $internedBytes interned strings they add
     */
    public static function forApp(int $files, int $opcacheBytes, int $internedBytes): self
    {
        $internedNeed = ($internedBytes + self::PHP_INTERNED_BYTES) * self::HEADROOM / self::INTERNED_USABLE_SHARE;
        $interned = self::roundUp((int) ceil($internedNeed / 1048576), 8);

        return new self(
            $files,
            $interned,
            self::memoryFor($opcacheBytes, $interned),
            self::roundUp(self::scriptsNeeded($files), 10000),
        );
    }

    /** Shared memory for the app's scripts with an interned-string buffer of $internedMb (part of it). */
    public static function memoryFor(int $opcacheBytes, int $internedMb): int
    {
        $scriptsMb = (int) ceil(($opcacheBytes * self::HEADROOM + self::OPCACHE_BASE_BYTES) / 1048576);

        return self::roundUp($scriptsMb + $internedMb, 32);
    }

    /** Script slots the app needs, with headroom. */
    public static function scriptsNeeded(int $files): int
    {
        return (int) ceil($files * self::HEADROOM);
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

    /**
     * The php.ini settings of an OPcache sized for the app, never smaller than what $current already
     * gives: sizes, no stat() per include (as production should run), and a realpath cache that holds
     * every file's path for longer than a benchmark runs.
     *
     * @return array<string, string>
     */
    public function iniSettings(PhpSettings $current): array
    {
        $interned = max($this->internedStringsMb, (int) ($current->value('opcache.interned_strings_buffer') ?? 0));
        $memory = max(
            self::memoryFor(0, 0),
            $this->memoryMb,
            (int) ($current->value('opcache.memory_consumption') ?? 0),
        );
        $maxFiles = max($this->maxAcceleratedFiles, (int) ($current->value('opcache.max_accelerated_files') ?? 0));
        $realpathMb = max(self::REALPATH_MIN_MB, (int) ceil($this->files * self::REALPATH_BYTES_PER_FILE / 1048576));

        return [
            'opcache.memory_consumption' => (string) $memory,
            'opcache.interned_strings_buffer' => (string) $interned,
            'opcache.max_accelerated_files' => (string) $maxFiles,
            'opcache.validate_timestamps' => '0',
            'realpath_cache_size' => $realpathMb.'M',
            'realpath_cache_ttl' => '3600',
        ];
    }

    private static function roundUp(int $value, int $step): int
    {
        return max($step, (int) ceil($value / $step) * $step);
    }
}
