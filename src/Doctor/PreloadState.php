<?php

declare(strict_types=1);

namespace Preheat\Doctor;

/** The preload php-fpm is configured with, checked against the code on disk now. */
final class PreloadState
{
    /**
     * @param int $files          files the script compiles
     * @param int $estimatedBytes OPcache memory those files take, estimated from their size
     */
    public function __construct(
        public readonly PreloadStatus $status,
        public readonly ?string $script = null,
        public readonly string $reason = '',
        public readonly int $files = 0,
        public readonly int $estimatedBytes = 0,
    ) {
    }

    /** @return array<string, mixed> */
    public function toArray(): array
    {
        return ['status' => $this->status->value, 'script' => $this->script, 'reason' => $this->reason, 'files' => $this->files, 'estimatedBytes' => $this->estimatedBytes];
    }
}
