<?php

declare(strict_types=1);

namespace Preheat\Script\Verify;

use Preheat\Php\IniSize;

/**
 * What a boot with the preload script shows beyond PHP's own messages, each with the setting to change
 * and the value it needs: memory exhausted (or nearly) while preloading, interned strings that did not
 * fit, OPcache memory or file slots nearly full, a slow start-up, files the preload user cannot read,
 * and a script that preloaded nothing although it names files to preload.
 */
final class StartupChecks
{
    /** Share of a limit from which it is flagged as nearly reached. */
    private const NEAR = 0.8;

    /**
     * How much longer php-fpm's preload takes, with PHP's allocator, than a boot with the C library's: the
     * difference is the kernel's work for OPcache's large blocks, which grows with the preloaded functions (about
     * 1.9 on /usr/share/php's 5,600 files, less on small apps). Rounded up, so that the slow start-up check warns
     * too early rather than too late.
     */
    private const PHP_ALLOCATOR_FACTOR = 2.5;

    public static function isMemoryExhausted(StartupMessage $message): bool
    {
        return 1 === preg_match(
            '{(?:Allowed memory size|Hard memory limit) of \d+ bytes exhausted}',
            $message->message,
        );
    }

    /**
     * What OPcache could not allocate for the preload, by its warning: the bytes asked for in one piece and the
     * bytes free. A boot that runs out of shared memory preloads nothing, so this is all it tells of the need; a
     * deep class hierarchy needs far more than its source suggests (each class holds its parents' methods).
     *
     * @param list<StartupMessage> $messages
     *
     * @return array{int, int}|null
     */
    public static function sharedMemoryShortfall(array $messages): ?array
    {
        foreach ($messages as $message) {
            if (1 === preg_match(
                '{Not enough free shared space to allocate (\d+) bytes \((\d+) bytes free\)}',
                $message->message,
                $match,
            )) {
                return [(int) $match[1], (int) $match[2]];
            }
        }

        return null;
    }

    public static function isInternedOverflow(StartupMessage $message): bool
    {
        return str_contains($message->message, 'Interned string buffer overflow');
    }

    /**
     * The slow start-up check judges $startupCpuSeconds, the CPU time (user and system) of the start-up, when it was
     * measured: the wall clock ($startupSeconds) grows with the machine's load, and a verdict must not.
     *
     * @param list<StartupMessage> $messages
     * @param array{memoryBytes?: int, internedBytes?: int, internedTried?: int, internedBaselineBytes?: int,
     *     internedOverflow?: int} $needs what a boot with room to spare measured; internedOverflow: the bytes
     *     the php.ini's interned-string buffer would need, when a boot with a larger one measured that it
     *     would overflow
     *
     * @return list<Finding>
     */
    public function check(
        VerifyOptions $options,
        PreloadMeasurement $measurement,
        array $messages,
        bool $booted,
        float $startupSeconds,
        int $expectedFiles,
        string $script,
        array $needs = [],
        ?float $startupCpuSeconds = null,
    ): array {
        $settings = $options->php->settings;
        $ini = $settings->iniFile ?? 'php.ini';
        $findings = [];
        $memoryLimit = $settings->bytes('memory_limit');
        foreach ($messages as $message) {
            if (self::isMemoryExhausted($message)) {
                $need = isset($needs['memoryBytes']) ? IniSize::roundMegabytes(
                    (int) ($needs['memoryBytes'] * 1.25),
                ).'M' : null;
                $findings[] = new Finding(
                    Severity::Notice,
                    null === $need
                        ? \sprintf(
                            'PHP ran out of memory while preloading (memory_limit=%s): raise memory_limit in %s; '.
                            'dropping what PHP refuses cannot help, the limit is for the whole preload.',
                            $settings->value('memory_limit') ?? '?',
                            $ini,
                        )
                        : \sprintf(
                            'PHP ran out of memory while preloading (memory_limit=%s); preloading needs %s at peak: '.
                            'set memory_limit=%s in %s (or preload less: the hot or trace strategy). Dropping what '.
                            'PHP refuses cannot help.',
                            $settings->value('memory_limit') ?? '?',
                            self::mb($needs['memoryBytes']),
                            $need,
                            $ini,
                        ),
                    'memory_limit',
                    $need,
                );
                break;
            }
        }
        $overflowSeen = [] !== array_filter($messages, self::isInternedOverflow(...));
        if (!$overflowSeen && isset($needs['internedOverflow'], $needs['internedBytes'])) {
            // Booted with a larger buffer to measure: PHP would have warned with the php.ini's, so this is a warning.
            $need = (string) (int) (ceil($needs['internedBytes'] * 1.25 / 1048576 / 8) * 8);
            $findings[] = new Finding(
                Severity::Warning,
                \sprintf(
                    'OPcache\'s interned string buffer would overflow with opcache.interned_strings_buffer=%s (MB): '.
                    'with the preloaded code PHP needs %s of its %s (measured with a larger buffer): '.
                    'set opcache.interned_strings_buffer=%s in %s.',
                    $settings->value('opcache.interned_strings_buffer') ?? '8',
                    self::mb($needs['internedOverflow']),
                    self::mb($measurement->interned->bufferBytes),
                    $need,
                    $ini,
                ),
                'opcache.interned_strings_buffer',
                $need,
            );
        }
        foreach ($messages as $message) {
            if (self::isInternedOverflow($message)) {
                $current = $settings->value('opcache.interned_strings_buffer') ?? '8';
                $measured = isset($needs['internedBytes'])
                    && $needs['internedBytes'] < ($needs['internedTried'] ?? \PHP_INT_MAX);
                $need = $measured
                    ? (string) (int) (ceil($needs['internedBytes'] * 1.25 / 1048576 / 8) * 8)
                    : null;
                $findings[] = new Finding(
                    Severity::Notice,
                    null === $need
                        ? \sprintf(
                            'OPcache\'s interned string buffer overflowed %s times with '.
                            'opcache.interned_strings_buffer=%s (MB), and still with %d: raise it further in %s.',
                            number_format($message->count),
                            $current,
                            (int) (($needs['internedTried'] ?? 0) / 1048576),
                            $ini,
                        )
                        : \sprintf(
                            'OPcache\'s interned string buffer overflowed %s times with '.
                            'opcache.interned_strings_buffer=%s (MB); with the preloaded code PHP needs %s of '.
                            'interned strings: set opcache.interned_strings_buffer=%s in %s.',
                            number_format($message->count),
                            $current,
                            self::mb($needs['internedBytes']),
                            $need,
                            $ini,
                        ),
                    'opcache.interned_strings_buffer',
                    $need,
                );
                break;
            }
            if (preg_match('{(?:Insufficient|Not enough) shared memory}i', $message->message)) {
                $current = $settings->value('opcache.memory_consumption') ?? '?';
                $shortfall = self::sharedMemoryShortfall($messages);
                if (null === $shortfall || !is_numeric($current)) {
                    $findings[] = new Finding(Severity::Notice, \sprintf(
                        'OPcache ran out of shared memory (opcache.memory_consumption=%s MB): raise it in %s, or '.
                        'preload less.',
                        $current,
                        $ini,
                    ), 'opcache.memory_consumption');
                    continue;
                }
                [$asked, $free] = $shortfall;
                // What was used before the preload, and the preload's piece, with room for the rest of the app.
                $need = IniSize::roundMegabytes((int) ((((int) $current) * 1048576 - $free + $asked) * 1.25));
                $findings[] = new Finding(Severity::Notice, \sprintf(
                    'OPcache ran out of shared memory (opcache.memory_consumption=%s MB): the preloaded classes and'.
                    ' functions need %s in one piece and %s was free (far more than the source suggests when'.
                    ' classes inherit many methods, as in a deep class hierarchy): set opcache.memory_consumption=%d'.
                    ' in %s, or preload less.',
                    $current,
                    self::mb($asked),
                    self::mb($free),
                    $need,
                    $ini,
                ), 'opcache.memory_consumption', (string) $need);
            }
        }
        array_push(
            $findings,
            ...$this->unreadableFiles($messages, $measurement->phase->user ?? $options->php->preloadUser()),
        );
        if (!$booted) {
            return $findings;
        }
        if (
            $measurement->opcacheMemoryBytes > 0
            && $measurement->opcacheUsedBytes > self::NEAR * $measurement->opcacheMemoryBytes
        ) {
            $need = IniSize::roundMegabytes((int) ($measurement->opcacheUsedBytes * 1.5));
            $findings[] = new Finding(
                Severity::Warning,
                \sprintf(
                    'Preloading fills %s of OPcache\'s %s (opcache.memory_consumption), leaving little for the rest '.
                    'of the app: set opcache.memory_consumption=%d in %s.',
                    self::mb($measurement->opcacheUsedBytes),
                    self::mb($measurement->opcacheMemoryBytes),
                    $need,
                    $ini,
                ),
                'opcache.memory_consumption',
                (string) $need,
            );
        }
        // A script that lifts memory_limit for the preload (as generated scripts do) cannot run out of it.
        if (
            !$measurement->phase->liftsMemoryLimit()
            && null !== $memoryLimit
            && null !== $measurement->phase->peakMemoryBytes
            && $measurement->phase->peakMemoryBytes > self::NEAR * $memoryLimit
        ) {
            $need = IniSize::roundMegabytes((int) ($measurement->phase->peakMemoryBytes * 1.5)).'M';
            $findings[] = new Finding(
                Severity::Warning,
                \sprintf(
                    'Preloading peaks at %s of memory_limit=%s: a little more code and php-fpm will not start. Set '.
                    'memory_limit=%s in %s.',
                    self::mb($measurement->phase->peakMemoryBytes),
                    $settings->value('memory_limit') ?? '?',
                    $need,
                    $ini,
                ),
                'memory_limit',
                $need,
            );
        }
        $scripts = \count($measurement->preload->scripts);
        if ($measurement->maxCachedKeys > 0 && 2 * $scripts > $measurement->maxCachedKeys) {
            $need = (int) (ceil(4 * $scripts / 10000) * 10000);
            $findings[] = new Finding(
                Severity::Warning,
                \sprintf(
                    '%d preloaded files take more than half of OPcache\'s %d file slots '.
                    '(opcache.max_accelerated_files=%s): the rest of the app may not be cached. Set '.
                    'opcache.max_accelerated_files=%d in %s.',
                    $scripts,
                    $measurement->maxCachedKeys,
                    $settings->value('opcache.max_accelerated_files') ?? '?',
                    $need,
                    $ini,
                ),
                'opcache.max_accelerated_files',
                (string) $need,
            );
        }
        $startup = $startupCpuSeconds ?? $startupSeconds;
        $took = null === $startupCpuSeconds
            ? \sprintf('%.1f s', $startupSeconds)
            : \sprintf('%.1f s of CPU time (%.1f s on the clock)', $startupCpuSeconds, $startupSeconds);
        if ($options->systemAllocator) {
            // Booted with the C library's allocator, PHP spends less than php-fpm does with its own: the check runs
            // against what php-fpm would take, estimated on the safe side (more, never less).
            $estimate = self::PHP_ALLOCATOR_FACTOR * $startup;
            if ($estimate > $options->slowStartupSeconds) {
                $findings[] = new Finding(
                    Severity::Warning,
                    \sprintf(
                        'Preloading took %s with the C library\'s allocator; php-fpm, with PHP\'s own, may take '.
                        'up to %.1f s (more than %.0f s): every php-fpm start and restart waits that long. Preload '.
                        'less: the hot or trace strategy (preheat bench measures php-fpm\'s start).',
                        $took,
                        $estimate,
                        $options->slowStartupSeconds,
                    ),
                );
            }
        } elseif ($startup > $options->slowStartupSeconds) {
            $findings[] = new Finding(
                Severity::Warning,
                \sprintf(
                    'Preloading took %s (more than %.0f s): every php-fpm start and restart waits that long. '.
                    'Preload less: the hot or trace strategy.',
                    $took,
                    $options->slowStartupSeconds,
                ),
            );
        }
        $preloadedFiles = \count(
            array_filter($measurement->preload->scripts, static fn (string $path): bool => $path !== $script),
        );
        if ($expectedFiles > 0 && 0 === $preloadedFiles && $measurement->probeAnswered) {
            $findings[] = new Finding(
                Severity::Fatal,
                \sprintf(
                    'The script preloaded nothing, though %s: does it return early under the CLI (a PHP_SAPI check)? '.
                    'Verification boots it with the PHP CLI, so such a script is not verified at all: let it preload '.
                    'under every SAPI.',
                    null === $options->expectedFiles ? 'it calls opcache_compile_file()' : \sprintf(
                        'the plan has %d file(s) to preload',
                        $expectedFiles,
                    ),
                ),
                null,
                null,
                $script,
            );
        } elseif (
            null === $options->expectedFiles
            && 0 === $expectedFiles
            && $measurement->probeAnswered
            && 0 === $measurement->preload->classes
            && 0 === $measurement->preload->functions
            && $preloadedFiles > 0
        ) {
            // A user's script that loads with require (no opcache_compile_file() to count) compiled files yet
            // declared nothing: one that requires a file returning early under the CLI (Symfony's container
            // preload checks PHP_SAPI) looks clean here, while php-fpm, another SAPI, preloads what it never saw.
            $findings[] = new Finding(
                Severity::Warning,
                \sprintf(
                    'The script preloaded %d file(s) but no class or function: if a file it requires returns early '
                    .'under the CLI (a PHP_SAPI check, as Symfony\'s container preload does), verification cannot '
                    .'see what php-fpm would preload. Compare it under php-fpm: a preheat bench scenario NAME=%s.',
                    $preloadedFiles,
                    $script,
                ),
                null,
                null,
                $script,
            );
        }

        return $findings;
    }

    /**
     * Files PHP could not open while preloading as the pool's user: what production would see.
     *
     * @param list<StartupMessage> $messages
     *
     * @return list<Finding>
     */
    private function unreadableFiles(array $messages, ?string $user): array
    {
        $denied = false;
        foreach ($messages as $message) {
            $denied = $denied || str_contains($message->message, 'Permission denied');
        }
        if (!$denied) {
            return [];
        }
        $findings = [];
        foreach ($messages as $message) {
            if (
                !preg_match('{Failed opening (?:required )?\'(.+?)\' for inclusion}s', $message->message, $match)
                || !file_exists($match[1])
            ) {
                continue;
            }
            $path = $match[1];
            $owner = \function_exists(
                'posix_getpwuid',
            ) ? (posix_getpwuid((int) fileowner($path))['name'] ?? (string) fileowner($path)) : (string) fileowner(
                $path,
            );
            $findings[] = new Finding(
                Severity::Fatal,
                \sprintf(
                    '%s cannot read %s (owner %s, mode %04o): php-fpm would fail the same way. Make it readable, e.g. '.
                    '`chmod a+r %s` (and a+x on its directories), or install the code as that user.',
                    $user ?? 'PHP',
                    $path,
                    $owner,
                    fileperms($path) & 07777,
                    escapeshellarg($path),
                ),
                null,
                null,
                $path,
            );
        }

        return $findings;
    }

    private static function mb(int $bytes): string
    {
        return \sprintf('%.1f MB', $bytes / 1048576);
    }
}
