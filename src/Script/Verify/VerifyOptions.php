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
    /** What the environment of a boot with the C library's allocator adds (PHP reads it at start). */
    public const SYSTEM_ALLOCATOR_ENVIRONMENT = ['USE_ZEND_ALLOC' => '0'];

    /**
     * @param int|null $expectedFiles   files the script is meant to preload (the plan's); null: count its
     *                                  opcache_compile_file() calls
     * @param bool     $measureCapacity boot the script with OPcache buffers larger than the php.ini's, so that
     *                                  one boot tells what the preload needs, and report what the php.ini's own
     *                                  sizes would show (generate, which fits the plan to them)
     * @param bool     $systemAllocator boot with the C library's allocator (USE_ZEND_ALLOC=0): only for a script
     *                                  generate wrote itself, which lifts memory_limit for the preload
     *                                  (PreloadScriptWriter::LIFT_MEMORY_LIMIT), so that the limit the C
     *                                  allocator does not enforce has nothing to enforce; see withSystemAllocator()
     */
    public function __construct(
        public readonly PhpInstallation $php,
        public readonly float $timeoutSeconds = 120.0,
        public readonly float $slowStartupSeconds = 10.0,
        public readonly ?int $expectedFiles = null,
        public readonly bool $measureCapacity = false,
        public readonly bool $systemAllocator = false,
    ) {
    }

    public function expecting(int $files): self
    {
        return $this->with($files, $this->measureCapacity, $this->systemAllocator);
    }

    public function measuringCapacity(bool $measure = true): self
    {
        return $this->with($this->expectedFiles, $measure, $this->systemAllocator);
    }

    /**
     * For generate's own script, which lifts memory_limit for the preload: PHP's allocator (zend_mm) serves
     * every block over 2 MB with a fresh mmap and never keeps one, and OPcache's optimiser allocates and frees
     * one such block (growing with the preloaded functions) again and again once the script has run: half of
     * the boot's time on a large app goes to the kernel. The C library's malloc keeps such blocks; OPcache
     * reports the same memory, interned strings and classes. What differs: memory_limit is not enforced (the
     * script lifts it anyway) and memory_get_peak_usage() tells nothing (the peak is reported as not measured).
     */
    public function withSystemAllocator(bool $system = true): self
    {
        return $this->with($this->expectedFiles, $this->measureCapacity, $system);
    }

    private function with(?int $files, bool $measure, bool $system): self
    {
        return new self($this->php, $this->timeoutSeconds, $this->slowStartupSeconds, $files, $measure, $system);
    }
}
