<?php

declare(strict_types=1);

namespace Preheat\Util;

/**
 * Text from outside (a path, a class name, a store's address) put into a comment of PHP that Preheat
 * writes. A comment is code's neighbour: text that closes it (star-slash for a block comment, a line break or
 * "?>" for a line comment) makes the rest of the text run as PHP wherever the file is loaded, and a line
 * break inside a block comment could fake one of the header lines Preheat reads back
 * (`preheat-refused:`). So every line break and other control byte is written as a visible escape
 * (\n, \r, \t, \xHH), a star followed by a slash with a backslash between them, and "?>" as
 * "?\>". Text without any of these, which is every ordinary path and name, is written as it is.
 */
final class PhpComment
{
    /** The text for a line inside a block comment: it cannot close the comment nor start a new line. */
    public static function blockText(string $text): string
    {
        return str_replace('*/', '*\\/', self::controlBytes($text));
    }

    /** The text for a `//` or `#` comment: it cannot end the comment (line break) nor leave PHP (?>). */
    public static function lineText(string $text): string
    {
        return str_replace('?>', '?\\>', self::controlBytes($text));
    }

    /**
     * A block comment of these lines, each after " * " (the comment's opening and closing
     * on lines of their own), with a trailing newline. Each line is escaped as
     * blockText() does, so no line can end the comment.
     *
     * @param list<string> $lines
     */
    public static function block(array $lines): string
    {
        $body = array_map(static fn (string $line): string => rtrim(' * '.self::blockText($line)), $lines);

        return "/*\n".implode("\n", $body)."\n */\n";
    }

    private static function controlBytes(string $text): string
    {
        return (string) preg_replace_callback(
            '/[\x00-\x1F\x7F]/',
            static fn (array $m): string => match ($m[0]) {
                "\n" => '\\n',
                "\r" => '\\r',
                "\t" => '\\t',
                default => \sprintf('\\x%02X', \ord($m[0])),
            },
            $text,
        );
    }
}
