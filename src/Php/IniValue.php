<?php

declare(strict_types=1);

namespace Preheat\Php;

/**
 * A setting as a php.ini line (or a `-d` argument, which PHP parses as one). php.ini has a syntax of its
 * own: unquoted, `;` starts a comment and words such as `none` change meaning; in double quotes `${X}`
 * is replaced by an environment variable; a line break ends the setting and starts another. A value
 * from outside (a path, a user name) must never add or change a setting, so it is written as
 * itself when it holds only letters, digits and `_ . / -` (every ordinary number, path and name; the
 * words php.ini knows, such as On or none, keep their meaning, as a setting of Preheat's wants), else
 * in double quotes with `\`, `"` and `$` escaped (php.ini reads `\\`, `\"` and `\$` back as the byte
 * itself, so `${` cannot start a variable and a quote cannot end the value).
 * php.ini cannot carry a NUL byte, and Preheat refuses a line break too: no path or name it writes
 * needs one, and a line break is how a setting is smuggled in.
 */
final class IniValue
{
    /** The value as php.ini and `php -d name=...` read it back byte for byte. */
    public static function quote(string $setting, string $value): string
    {
        if (1 !== preg_match('/^[A-Za-z_][A-Za-z0-9_.\-]*$/', $setting)) {
            throw UnsafeIniValue::badName($setting);
        }
        if (1 === preg_match('/[\x00\r\n]/', $value)) {
            throw UnsafeIniValue::lineBreak($setting, $value);
        }
        if (1 === preg_match('~^[A-Za-z0-9_./-]*$~', $value)) {
            return $value;
        }

        return '"'.strtr($value, ['\\' => '\\\\', '"' => '\\"', '$' => '\\$']).'"';
    }

    /** `setting=value`, the value quoted: one php.ini line without its line break, or one `-d` argument. */
    public static function line(string $setting, string $value): string
    {
        return $setting.'='.self::quote($setting, $value);
    }
}
