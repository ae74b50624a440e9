<?php

declare(strict_types=1);

namespace Preheat\Util;

use Preheat\EnvironmentError;

/** The file system refused what Preheat needs to work: a directory of its own, a temporary file, a write. */
final class FileSystemError extends \RuntimeException implements EnvironmentError
{
    public static function cannotCreateDirectory(string $directory): self
    {
        return new self(\sprintf('Cannot create directory %s: check its parent exists and is writable.', $directory));
    }

    public static function cannotCreateTemporaryFile(string $directory): self
    {
        return new self(
            \sprintf('Cannot create a temporary file in %s: check that the directory is writable.', $directory),
        );
    }

    public static function cannotWrite(string $path): self
    {
        return new self(\sprintf('Cannot write %s: is the disk full?', $path));
    }

    public static function cannotMove(string $path): self
    {
        return new self(
            \sprintf('Cannot move the new file into place at %s: check that the directory is writable.', $path),
        );
    }
}
