<?php

declare(strict_types=1);

namespace Preheat\Script;

use Preheat\UserError;

final class VerificationError extends \RuntimeException implements UserError
{
    public static function missingScript(string $path): self
    {
        return new self(\sprintf('Preload script "%s" does not exist: write one with `preheat generate --output=%s`.', $path, $path));
    }

    public static function noOpcache(string $phpBinary, string $output): self
    {
        return new self(\sprintf('%s has no OPcache: install or enable the opcache extension (zend_extension=opcache) to preload.%s', $phpBinary, '' === trim($output) ? '' : "\n".trim($output)));
    }
}
