<?php

declare(strict_types=1);

namespace Preheat\Script;

use Preheat\UserError;

final class ScriptWriteError extends \RuntimeException implements UserError
{
    public static function directoryMissing(string $outputPath): self
    {
        return new self(\sprintf('Cannot write %s: directory %s does not exist. Create it or choose another --output.', $outputPath, \dirname($outputPath)));
    }

    public static function notWritable(string $outputPath, string $why): self
    {
        $user = \function_exists('posix_geteuid') ? (posix_getpwuid(posix_geteuid())['name'] ?? 'this user') : 'this user';

        return new self(\sprintf('Cannot write %s: %s cannot create files in %s (%s). Make the directory writable for %s or choose another --output.', $outputPath, $user, \dirname($outputPath), $why, $user));
    }
}
