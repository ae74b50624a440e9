<?php

declare(strict_types=1);

namespace Preheat\Bench\Load\Callgrind;

/**
 * Where PHP starts and ends a request: every SAPI goes through these two functions, php-cgi's -T loop
 * and OPcache's preload too. Valgrind dumps its counts on entering the first and on leaving the second,
 * so a request's instructions (from its start-up to its shutdown: output, destructors, session writes)
 * are one part of the profile.
 */
final class RequestBoundary
{
    public const START = 'php_request_startup';
    public const END = 'php_request_shutdown';

    /** @return list<string> the callgrind options that dump at the boundaries */
    public static function dumpOptions(): array
    {
        return ['--dump-before='.self::START, '--dump-after='.self::END];
    }

    public static function endsRequest(string $trigger): bool
    {
        return '--dump-after='.self::END === $trigger;
    }
}
