<?php

declare(strict_types=1);

namespace Preheat\Doctor\Profile;

use Preheat\Script\Write\WritableByOthers;

/** The preload php-fpm is configured with, checked against the code on disk now. */
final class PreloadState
{
    /**
     * @param int                   $files          files the script compiles
     * @param int                   $estimatedBytes OPcache memory those files take, estimated from their size (or
     *                                              measured)
     * @param WritableByOthers|null $writable       the script and the files it preloads that others can write
     */
    public function __construct(
        public readonly PreloadStatus $status,
        public readonly ?string $script = null,
        public readonly string $reason = '',
        public readonly int $files = 0,
        public readonly int $estimatedBytes = 0,
        public readonly bool $measured = false,
        public readonly ?string $bootFailure = null,
        public readonly ?WritableByOthers $writable = null,
    ) {
    }

    /**
     * The same, with what PHP reported when it booted the script: the preload memory, and the first
     * fatal error when it did not boot cleanly.
     */
    public function measuredAt(int $bytes, ?string $bootFailure = null): self
    {
        return new self(
            $this->status,
            $this->script,
            $this->reason,
            $this->files,
            $bytes,
            true,
            $bootFailure,
            $this->writable,
        );
    }
}
