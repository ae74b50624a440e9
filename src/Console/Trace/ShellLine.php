<?php

declare(strict_types=1);

namespace Preheat\Console\Trace;

use Preheat\Process\StartedCommand;

/**
 * A command as one line a user can paste into a POSIX shell (bash, zsh, dash; `$'…'` words need bash, zsh or a
 * recent dash) and get the same run: in a subshell that enters its working directory, with the variables it adds
 * to the environment, each word quoted only when it needs to be.
 */
final class ShellLine
{
    /** A word the shell takes as it is: no quoting, globbing, expansion or splitting can touch it. */
    private const PLAIN = '~^[A-Za-z0-9_./:=@%+,-]+$~';

    public static function of(StartedCommand $command): string
    {
        $words = [];
        foreach ($command->environment as $name => $value) {
            // A name the shell cannot assign (it never is one today) goes through env(1), which takes any.
            $words[] = 1 === preg_match('~^[A-Za-z_][A-Za-z0-9_]*$~', (string) $name)
                ? $name.'='.self::word($value)
                : 'env '.self::word($name.'='.$value);
        }
        foreach ($command->command as $word) {
            $words[] = self::word($word);
        }
        $line = implode(' ', $words);

        return null === $command->workingDirectory
            ? $line
            : \sprintf('(cd %s && %s)', self::word($command->workingDirectory), $line);
    }

    /**
     * One word, quoted so that the shell gives the program exactly these bytes: as it is when nothing in it is
     * special, in single quotes when it holds spaces, quotes or shell characters, and as `$'…'` with escapes when
     * it holds a newline or another control character, which would break the line.
     */
    public static function word(string $word): string
    {
        if ('' === $word) {
            return "''";
        }
        if (1 === preg_match(self::PLAIN, $word)) {
            return $word;
        }
        if (1 !== preg_match('~[\x00-\x1f\x7f]~', $word)) {
            return "'".str_replace("'", "'\\''", $word)."'";
        }

        return '$\''.preg_replace_callback(
            '~[\x00-\x1f\x7f\\\\\']~',
            static fn (array $match): string => match ($match[0]) {
                "\n" => '\n',
                "\t" => '\t',
                "\r" => '\r',
                '\\' => '\\\\',
                "'" => "\\'",
                default => \sprintf('\x%02x', \ord($match[0])),
            },
            $word,
        )."'";
    }
}
