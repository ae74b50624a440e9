<?php

declare(strict_types=1);

namespace Preheat\Process;

/** The default: nobody watches. */
final class NullProcessObserver implements ProcessObserver
{
    public function commandStarting(StartedCommand $command): void
    {
    }

    public function configWritten(string $path, string $contents, ?string $copyOf = null): void
    {
    }
}
