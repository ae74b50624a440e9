<?php

declare(strict_types=1);

namespace Preheat\Doctor\Profile;

/** The CLI's own ini, where Composer runs: its files, and opcache.preload as the CLI sees it. */
final class CliConfig
{
    public function __construct(
        public readonly IniFiles $ini,
        public readonly string $preload,
    ) {
    }
}
