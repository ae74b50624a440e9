<?php

declare(strict_types=1);

namespace Preheat\Script\Verify;

/** How PHP's boot with the script went: the command as a user could run it again, PHP's version, how it ended. */
final class BootOutcome
{
    public function __construct(
        public readonly string $commandLine,
        public readonly string $phpVersion,
        /** PHP started and the OPcache probe answered */
        public readonly bool $booted,
        public readonly int $exitCode,
        /** The user the preload ran as (opcache.preload_user); null when not run as root */
        public readonly ?string $preloadUser = null,
    ) {
    }
}
