<?php

declare(strict_types=1);

namespace Preheat\Script\Verify;

use Preheat\UserError;

/** A preload script to verify that is not there. */
final class VerificationError extends \RuntimeException implements UserError
{
    public static function missingScript(string $path): self
    {
        return new self(
            \sprintf(
                'Preload script "%s" does not exist: write one with `preheat generate --output=%s`.',
                $path,
                $path,
            ),
        );
    }
}
