<?php

declare(strict_types=1);

namespace Preheat\Doctor\Rule;

use Preheat\Doctor\Finding\Finding;
use Preheat\Doctor\Finding\Severity;
use Preheat\Doctor\Profile\AppProfile;
use Preheat\Doctor\Profile\ServerConfig;

/**
 * A syntax error in php-fpm's ini (or the CLI's): PHP reads the file up to the error and silently
 * drops the rest, so every setting below it, and every one doctor would advise adding at the end, is
 * never read. It comes first: nothing else in that file can be trusted to take effect.
 */
final class IniSyntaxRule implements Rule
{
    public function check(ServerConfig $server, AppProfile $app): array
    {
        $findings = [];
        $seen = [];
        foreach ([[$server->ini, 'php-fpm'], [$server->cli->ini, 'the CLI (Composer)']] as [$ini, $who]) {
            foreach ($ini->syntaxErrors as $error) {
                $key = $error->file.':'.$error->line;
                if (isset($seen[$key])) {
                    continue;
                }
                $seen[$key] = true;
                $text = self::line($error->file, $error->line);
                $findings[] = new Finding(
                    'ini-syntax-error',
                    Severity::Error,
                    \sprintf('%s:%d has a syntax error: PHP stops reading the file there', $error->file, $error->line),
                    \sprintf(
                        'PHP (as %s reads it) says: %s in %s on line %d%s. Every setting after that point is '
                        .'ignored, though the file looks right. Fix that line first (close the [section] bracket, the '
                        .'quote or the ${...}), then run doctor again.',
                        $who,
                        $error->message,
                        $error->file,
                        $error->line,
                        null === $text ? '' : ' (`'.$text.'`)',
                    ),
                );
            }
        }

        return $findings;
    }

    /** The line PHP stopped at, or the last non-empty line before it (an unclosed bracket ends the file). */
    private static function line(string $file, int $line): ?string
    {
        $lines = @file($file, \FILE_IGNORE_NEW_LINES);
        if (false === $lines) {
            return null;
        }
        for ($i = min($line, \count($lines)) - 1; $i >= 0; --$i) {
            if ('' !== trim($lines[$i])) {
                return trim($lines[$i]);
            }
        }

        return null;
    }
}
