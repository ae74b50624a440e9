<?php

declare(strict_types=1);

namespace Preheat\Composer;

/** A package Composer installed: where it lives and whether only development needs it. */
final class InstalledPackage
{
    public function __construct(
        public readonly string $name,
        public readonly string $installPath,
        public readonly bool $isDev,
    ) {
    }

    public function contains(string $path): bool
    {
        return str_starts_with($path, rtrim($this->installPath, '/').'/');
    }
}
