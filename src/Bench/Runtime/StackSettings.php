<?php

declare(strict_types=1);

namespace Preheat\Bench\Runtime;

use Preheat\Bench\Config\BenchConfig;

/** What every scenario's server stack shares; only the preload script differs between scenarios. */
final class StackSettings
{
    public static function fromConfig(BenchConfig $config): self
    {
        return new self(
            $config->documentRoot,
            $config->frontController,
            $config->workers,
            $config->fpmBinary,
            $config->nginxBinary,
            $config->phpIni,
            $config->opcacheMemoryMb,
        );
    }

    public function __construct(
        public readonly string $documentRoot,
        public readonly string $frontController,
        public readonly int $workers,
        public readonly string $fpmBinary,
        public readonly string $nginxBinary,
        public readonly ?string $phpIni,
        public readonly int $opcacheMemoryMb,
        public readonly float $startTimeout = 60.0,
    ) {
    }
}
