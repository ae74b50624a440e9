<?php

declare(strict_types=1);

namespace Preheat\Doctor\Profile;

/** The preload php-fpm is configured with, checked against the code on disk now. */
final class PreloadState
{
    /**
     * @param int $files          files the script compiles
     * @param int $estimatedBytes OPcache memory those files take, estimated from their size (or measured)
     */
    public function __construct(
        public readonly PreloadStatus $status,
        public readonly ?string $script = null,
        public readonly string $reason = '',
        public readonly int $files = 0,
        public readonly int $estimatedBytes = 0,
        public readonly bool $measured = false,
        public readonly ?string $bootFailure = null,
    ) {
    }

    /**
     * The same, with what PHP reported when it booted the script: the preload memory, and the first
     * fatal error when it did not boot cleanly.
     */
    public function measuredAt(int $bytes, ?string $bootFailure = null): self
    {
        return new self($this->status, $this->script, $this->reason, $this->files, $bytes, true, $bootFailure);
    }
}
