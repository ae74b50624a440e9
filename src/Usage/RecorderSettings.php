<?php

declare(strict_types=1);

namespace Preheat\Usage;

/** What `preheat record --install` sets up, checked: absolute paths, a parsed store, sane numbers. */
final class RecorderSettings
{
    /**
     * @param array<string, mixed> $store normalized by Preheat\Recorder\StoreDsn
     * @param list<string>         $base  absolute directories; empty: every file counts
     */
    public function __construct(
        public readonly string $projectDir,
        public readonly string $bootstrapPath,
        public readonly array $store,
        public readonly int $sample = 10,
        public readonly int $batch = 50,
        public readonly int $flushSeconds = 60,
        public readonly array $base = [],
        public readonly ?string $bufferDir = null,
    ) {
    }
}
