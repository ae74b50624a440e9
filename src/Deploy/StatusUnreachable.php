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
}
