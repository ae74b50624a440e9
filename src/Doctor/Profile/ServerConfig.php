<?php

declare(strict_types=1);

namespace Preheat\Doctor\Profile;

use Preheat\Php\PhpInstallation;
use Preheat\Php\PoolUser;

/**
 * What php-fpm really runs with, as doctor reads it: PHP's version and extensions, the effective
 * settings of php-fpm's ini (and where each is written), its pools, the CLI's own ini (Composer runs
 * there), and the machine's cores and memory.
 */
final class ServerConfig
{
    /** The settings doctor reads from inside PHP with php-fpm's ini. */
    public const SETTINGS = [
        'opcache.enable',
        'opcache.memory_consumption',
        'opcache.interned_strings_buffer',
        'opcache.max_accelerated_files',
        'opcache.validate_timestamps',
        'opcache.jit',
        'opcache.jit_buffer_size',
        'opcache.preload',
        'opcache.preload_user',
        'memory_limit',
    ];

    /**
     * @param array<string, string> $settings   setting => effective value (ini_get); a setting OPcache does not know is
     *                                          absent
     * @param list<string>          $extensions loaded extensions, lower case (zend extensions included)
     * @param list<PoolConfig>      $pools
     */
    public function __construct(
        public readonly string $phpVersion,
        public readonly ?string $fpmBinary,
        public readonly IniFiles $ini,
        public readonly array $settings,
        public readonly array $extensions,
        public readonly array $pools,
        public readonly CliConfig $cli,
        public readonly Host $host,
        public readonly ?PhpInstallation $installation = null,
    ) {
    }

    public function setting(string $name): string
    {
        return $this->settings[$name] ?? '';
    }

    public function megabytes(string $name): int
    {
        return (int) $this->setting($name);
    }

    public function flag(string $name): bool
    {
        return \in_array(strtolower(trim($this->setting($name))), ['1', 'on', 'yes', 'true'], true);
    }

    /** The user the pools run as: the first `user =`, else Debian's default. */
    public function poolUser(): string
    {
        foreach ($this->pools as $pool) {
            if (isset($pool->values['user'])) {
                return $pool->values['user'];
            }
        }

        return PoolUser::DEFAULT;
    }

    public function hasExtension(string $name): bool
    {
        return \in_array(strtolower($name), $this->extensions, true);
    }
}
