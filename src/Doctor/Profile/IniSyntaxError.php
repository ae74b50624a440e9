<?php

declare(strict_types=1);

namespace Preheat\Doctor\Profile;

/**
 * A syntax error PHP's own ini parser reported while reading php-fpm's ini: PHP keeps what it read
 * before the error and never reads the rest of that file, so a setting written below it has no effect.
 */
final class IniSyntaxError
{
    private const PATTERN = '{^PHP:\s+(syntax error, .*?) in (.+) on line (\d+)\s*$}m';

    public function __construct(
        public readonly string $file,
        public readonly int $line,
        public readonly string $message,
    ) {
    }

    /**
     * The errors PHP printed at startup ("PHP:  syntax error, unexpected end of file, expecting ']' in
     * /etc/php/8.2/fpm/php.ini on line 3"), in the order it read the files.
     *
     * @return list<self>
     */
    public static function fromStartupOutput(string $stderr): array
    {
        preg_match_all(self::PATTERN, $stderr, $matches, \PREG_SET_ORDER);
        $errors = [];
        foreach ($matches as $m) {
            $errors[] = new self(realpath($m[2]) ?: $m[2], (int) $m[3], $m[1]);
        }

        return $errors;
    }
}
