<?php

declare(strict_types=1);

namespace Preheat\Bench\Compare\Assertion;

use Preheat\AboutSetting;
use Preheat\Setting;
use Preheat\SettingError;
use Preheat\UserError;

/** An assertion that cannot be read, or that names what this run does not have. */
final class AssertionError extends \InvalidArgumentException implements UserError, SettingError
{
    use AboutSetting;

    /** @param int $offset where in the expression it went wrong, from 0 */
    public static function at(string $expression, int $offset, string $what): self
    {
        return new self(\sprintf(
            "Invalid assertion \"%s\" at column %d: %s.\n  %s\n  %s^",
            $expression,
            $offset + 1,
            $what,
            $expression,
            str_repeat(' ', $offset),
        ), Setting::Assertions);
    }

    public static function about(string $expression, string $what): self
    {
        return new self(\sprintf('Invalid assertion "%s": %s.', $expression, $what), Setting::Assertions);
    }
}
