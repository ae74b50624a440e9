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
     * @param int|null $expectedFiles files the script is meant to preload (the plan's); null: count its
     *                                opcache_compile_file() calls
     */
    public function __construct(
        public readonly PhpInstallation $php,
        public readonly float $timeoutSeconds = 120.0,
        public readonly float $slowStartupSeconds = 10.0,
        public readonly ?int $expectedFiles = null,
    ) {
    }

    public function expecting(int $files): self
    {
        return new self($this->php, $this->timeoutSeconds, $this->slowStartupSeconds, $files);
    }
}
