<?php

declare(strict_types=1);

namespace Preheat\Php;

use Preheat\UserError;
use Preheat\Util\DisplayString;

/** A value (a path, a user name) that php.ini cannot carry safely: it would add or change a setting. */
final class UnsafeIniValue extends \InvalidArgumentException implements UserError
{
    public static function lineBreak(string $setting, string $value): self
    {
        return new self(\sprintf(
            'Cannot set %s to %s: php.ini cannot carry a line break or NUL byte in a value '
            .'(it would start another setting). Rename the file or directory, or choose a value without one.',
            $setting,
            json_encode(
                DisplayString::of($value),
                \JSON_UNESCAPED_SLASHES | \JSON_UNESCAPED_UNICODE | \JSON_INVALID_UTF8_SUBSTITUTE,
            ),
        ));
    }

    public static function badName(string $setting): self
    {
        return new self(\sprintf(
            '"%s" is not the name of a php.ini setting: use letters, digits, "_", "." and "-" only.',
            DisplayString::of($setting),
        ));
    }
}
