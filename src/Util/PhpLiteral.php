<?php

declare(strict_types=1);

namespace Preheat\Util;

/**
 * A string from outside (a path) as a PHP string literal that reads back byte for byte: var_export's
 * single quotes when it holds no control byte (every ordinary path, written as before), else double
 * quotes with every control byte escaped (\n, \xHH) and `\`, `"` and `$` escaped. So a literal never
 * spans lines, and a line break in a path cannot put a line of its own into the script (such as a
 * header line that `preheat explain` reads back).
 */
final class PhpLiteral
{
    public static function string(string $value): string
    {
        if (1 !== preg_match('/[\x00-\x1F\x7F]/', $value)) {
            return var_export($value, true);
        }

        return '"'.preg_replace_callback(
            '/[\x00-\x1F\x7F\\\\"$]/',
            static fn (array $m): string => match ($m[0]) {
                '\\', '"', '$' => '\\'.$m[0],
                "\n" => '\\n',
                "\r" => '\\r',
                "\t" => '\\t',
                default => \sprintf('\\x%02X', \ord($m[0])),
            },
            $value,
        ).'"';
    }
}
