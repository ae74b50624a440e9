<?php

declare(strict_types=1);

namespace Preheat\Script;

/** How to boot PHP for verification: which binary, which php.ini, how much OPcache memory. */
final class VerifyOptions
{
    /**
     * @param string|null $iniFile         the php.ini php-fpm uses; null for the binary's own
     * @param int|null    $opcacheMemoryMb null keeps what the ini says
     */
    public function __construct(
        public readonly string $phpBinary = \PHP_BINARY,
        public readonly ?string $iniFile = null,
        public readonly ?int $opcacheMemoryMb = null,
        public readonly float $timeoutSeconds = 120.0,
    ) {
        if (null !== $iniFile && !is_file($iniFile)) {
            throw VerificationError::missingIni($iniFile);
        }
    }
}
