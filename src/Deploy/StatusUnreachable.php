<?php

declare(strict_types=1);

namespace Preheat\Deploy;

use Preheat\EnvironmentError;

/** The server that should say what it preloaded does not answer with the probe. */
final class StatusUnreachable extends \RuntimeException implements EnvironmentError
{
    public static function url(string $url, string $why): self
    {
        return new self(\sprintf('cannot read the preload status from %s: %s.', $url, $why));
    }

    /** An answer in the probe's form holding what the probe never prints (an object, a NUL, a huge number). */
    public static function unreadable(string $server): self
    {
        return self::url(
            $server,
            'the answer holds values the status probe does not print (an object, a NUL byte or a number above '
            .'2^53): it is not the answer of the probe Preheat placed; check what serves that address',
        );
    }
}
