<?php

declare(strict_types=1);

namespace Preheat\Script\Write;

/**
 * Where a script is to go, checked before anything is written: an existing directory, a missing parent or one the
 * user cannot write to is said as such, naming the destination rather than the temporary file a write would try.
 */
final class ScriptDestination
{
    /** @throws ScriptWriteError */
    public static function check(string $outputPath): void
    {
        if (is_dir($outputPath)) {
            // A script cannot replace a directory: saying the user cannot create files there would be false.
            throw ScriptWriteError::isDirectory($outputPath);
        }
        if (!is_dir(\dirname($outputPath))) {
            throw ScriptWriteError::directoryMissing($outputPath);
        }
        if (!is_writable(\dirname($outputPath))) {
            throw ScriptWriteError::notWritable($outputPath, 'no write permission');
        }
    }
}
