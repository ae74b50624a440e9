<?php

declare(strict_types=1);

namespace Preheat\Plan\Strategy;

/**
 * What preloading a file costs in OPcache memory, estimated from its size. OPcache keeps about three
 * bytes of opcodes, literals and class tables per byte of source (measured on Laravel: 2.96);
 * verification measures the real figure, and calibrated() scales the estimate to it.
 */
final class MemoryEstimate
{
    public const DEFAULT_BYTES_PER_SOURCE_BYTE = 3.0;

    public function __construct(public readonly float $bytesPerSourceByte = self::DEFAULT_BYTES_PER_SOURCE_BYTE)
    {
        if ($bytesPerSourceByte <= 0) {
            throw new \InvalidArgumentException('The memory estimate needs a positive ratio.');
        }
    }

    public function ofFile(string $path): int
    {
        return (int) ceil(((int) @filesize($path)) * $this->bytesPerSourceByte);
    }

    /** @param list<string> $paths */
    public function ofFiles(array $paths): int
    {
        return array_sum(array_map($this->ofFile(...), $paths));
    }

    /**
     * The estimate scaled so that these files would have cost what PHP measured.
     *
     * @param list<string> $paths
     */
    public function calibrated(array $paths, int $measuredBytes): self
    {
        $sourceBytes = array_sum(array_map(static fn (string $p): int => (int) @filesize($p), $paths));

        return $sourceBytes > 0 && $measuredBytes > 0 ? new self($measuredBytes / $sourceBytes) : $this;
    }
}
