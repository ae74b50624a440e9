<?php

declare(strict_types=1);

namespace Preheat\Script\Verify;

use Preheat\Php\PhpInstallation;

/**
 * How to boot PHP for verification: the installation (binary, the php.ini php-fpm uses, the pool's
 * user), how long start-up may take before it is flagged, and how many files the script should preload.
 */
final class VerifyOptions
{
    /**
     * @param int|null $expectedFiles   files the script is meant to preload (the plan's); null: count its
     *                                  opcache_compile_file() calls
     * @param bool     $measureCapacity boot the script with OPcache buffers larger than the php.ini's, so that
     *                                  one boot tells what the preload needs, and report what the php.ini's own
     *                                  sizes would show (generate, which fits the plan to them)
     */
    public function __construct(
        public readonly PhpInstallation $php,
        public readonly float $timeoutSeconds = 120.0,
        public readonly float $slowStartupSeconds = 10.0,
        public readonly ?int $expectedFiles = null,
        public readonly bool $measureCapacity = false,
    ) {
    }

    public function expecting(int $files): self
    {
        return new self($this->php, $this->timeoutSeconds, $this->slowStartupSeconds, $files, $this->measureCapacity);
    }

    public function measuringCapacity(bool $measure = true): self
    {
        return new self($this->php, $this->timeoutSeconds, $this->slowStartupSeconds, $this->expectedFiles, $measure);
    }
}
