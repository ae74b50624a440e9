<?php

declare(strict_types=1);

namespace Preheat\Tests\Fault;

/** How a case runs bin/preheat: its arguments, and what is done to it while it runs. */
final class Run
{
    /**
     * @param list<string>                     $arguments after bin/preheat
     * @param array<string, string>            $env       on top of the sandbox's (TMPDIR, XDG_CACHE_HOME)
     * @param list<\Closure(Watch): bool>      $during    called while it runs until each returns true (done): signals, killed servers, requests
     * @param int                              $copies    identical runs started at the same time (concurrent writers)
     */
    public function __construct(
        public readonly array $arguments,
        public readonly array $env = [],
        public readonly array $during = [],
        public readonly int $timeoutSeconds = 60,
        public readonly int $copies = 1,
    ) {
    }
}
