<?php

declare(strict_types=1);

namespace Preheat\Bench\Compare\Assertion;

use Preheat\AboutSetting;
use Preheat\Setting;
use Preheat\SettingError;
use Preheat\UserError;
use Preheat\Util\DisplayString;
use Preheat\Util\EchoedValue;

/** An assertion that cannot be read, or that names what this run does not have. */
final class AssertionError extends \InvalidArgumentException implements UserError, SettingError
{
    use AboutSetting;

    /** Characters of a long expression shown on each side of where reading stopped. */
    private const CONTEXT = 60;

    /** @param int $offset where in the expression it went wrong, from 0 */
    public static function at(string $expression, int $offset, string $what): self
    {
        // A long expression is shown once, cut, and its excerpt around the column under the caret.
        $start = max(0, $offset - self::CONTEXT);
        $excerpt = ($start > 0 ? '…' : '').substr($expression, $start, 2 * self::CONTEXT)
            .($start + 2 * self::CONTEXT < \strlen($expression) ? '…' : '');

        return new self(\sprintf(
            "Invalid assertion %s at column %d: %s.\n  %s\n  %s^",
            EchoedValue::of($expression),
            $offset + 1,
            $what,
            DisplayString::of($excerpt),
            str_repeat(' ', ($start > 0 ? 1 : 0) + $offset - $start),
        ), Setting::Assertions);
    }

    public static function about(string $expression, string $what): self
    {
        return new self(
            \sprintf('Invalid assertion %s: %s.', EchoedValue::of($expression), $what),
            Setting::Assertions,
        );
    }
}
