<?php

declare(strict_types=1);

namespace Preheat\Bench\Load\Callgrind;

use Preheat\EnvironmentError;

/** Valgrind ran but its profile does not say what the bench needs: the message names the file and why. */
final class CallgrindError extends \RuntimeException implements EnvironmentError
{
    public static function unreadable(string $file, string $why): self
    {
        return new self(\sprintf('Cannot read the callgrind profile %s: %s.', $file, $why));
    }

    public static function tooFewRequests(string $file, int $found, int $expected): self
    {
        return new self(\sprintf(
            'The callgrind profile %s shows %d request(s) where php-cgi ran %d: valgrind did not find where PHP'
            .' starts and ends a request (%s, %s) in php-cgi. '
            .'Use a php-cgi whose dynamic symbols are there (Debian\'s php8.2-cgi is fine).',
            $file,
            $found,
            $expected,
            RequestBoundary::START,
            RequestBoundary::END,
        ));
    }
}
