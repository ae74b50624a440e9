<?php

declare(strict_types=1);

namespace Preheat\Doctor\Finding;

/**
 * How much a finding matters, and the exit code of `preheat doctor` when it is the worst one found.
 * 2 and 3 stay what they are for every command (bad input, the environment failed).
 */
enum Severity: string
{
    /** php-fpm will not start, will crash, or serves wrong results. */
    case Error = 'error';
    /** Costs speed or memory on this app, or a deploy will serve stale code. */
    case Warning = 'warning';
    /** Worth knowing; nothing to fix now. */
    case Notice = 'notice';

    public function rank(): int
    {
        return match ($this) {
            self::Error => 3,
            self::Warning => 2,
            self::Notice => 1,
        };
    }

    public function exitCode(): int
    {
        return match ($this) {
            self::Error => 4,
            self::Warning => 1,
            self::Notice => 0,
        };
    }
}
