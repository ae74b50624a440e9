<?php

declare(strict_types=1);

namespace Preheat\Bench\Result;

/** The PHP a benchmark ran on: its version and OPcache's settings as the workers report them, and its ini. */
final class PhpSetup
{
    /**
     * @param string|null $ini  how the php.ini was found; the user goes with it
     * @param string|null $user the user the workers run as, as they report it
     */
    public function __construct(
        public readonly string $version,
        public readonly OpcacheSettings $opcache,
        public readonly ?string $ini = null,
        public readonly ?string $user = null,
    ) {
    }
}
