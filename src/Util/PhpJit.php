<?php

declare(strict_types=1);

namespace Preheat\Util;

/**
 * OPcache's tracing JIT for PHP processes Preheat starts to run its own code (the parse workers): the PHP running
 * Preheat has it most of the time (Debian's, the official images') but leaves it off in the CLI. Parsing thousands
 * of files with nikic/php-parser is most of a cold `generate`, and the JIT takes about a third off it.
 * PREHEAT_JIT=0 in the environment does without.
 */
final class PhpJit
{
    public const ENVIRONMENT = 'PREHEAT_JIT';

    /**
     * OPcache on in the CLI, the JIT and a code buffer for it; no preload (a CLI php.ini that names one would
     * otherwise preload an app into the worker).
     */
    private const SETTINGS = [
        'opcache.enable_cli=1',
        'opcache.jit=tracing',
        'opcache.jit_buffer_size=64M',
        'opcache.preload=',
    ];

    /**
     * The -d settings that turn the JIT on in a process of this PHP_BINARY, or null when it cannot be: PREHEAT_JIT=0,
     * Xdebug loaded (it turns the JIT off), OPcache built without it, or no OPcache to load.
     *
     * @return list<string>|null
     */
    public static function settings(): ?array
    {
        if ('0' === getenv(self::ENVIRONMENT) || \extension_loaded('xdebug')) {
            return null;
        }
        if (\extension_loaded('Zend OPcache')) {
            return false === \ini_get('opcache.jit') ? null : self::SETTINGS;
        }
        $library = rtrim((string) \ini_get('extension_dir'), '/').'/opcache.so';

        return is_file($library) ? ['zend_extension='.$library, ...self::SETTINGS] : null;
    }
}
