<?php

declare(strict_types=1);

namespace Preheat\Util;

/**
 * What makes a temporary file so that an interrupted run removes it: Process's interrupt guard. Util lies
 * below Process and cannot name it: it names this, and the guard installs itself (TemporaryFiles::use()).
 */
interface TemporaryFileRegistry
{
    /** @return string|false a new empty file, as tempnam() */
    public function temporaryFile(string $directory, string $prefix): string|false;

    /** The path is gone (or kept on purpose) by the code that made it. */
    public function forgetPath(string $path): void;
}
