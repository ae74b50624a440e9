<?php

declare(strict_types=1);

namespace Preheat\Tests\Fault;

/** How a case runs bin/preheat: its arguments, and what is done to it while it runs. */
final class Run
{
    /** @var list<string> */
    public readonly array $arguments;
    /** @var list<\Closure(Watch): bool> */
    public readonly array $during;

    /**
     * @param array<string>                $arguments after bin/preheat (variadic helpers may hand them over with keys: they are taken in order)
     * @param array<string, string>        $env       on top of the sandbox's (TMPDIR, XDG_CACHE_HOME)
     * @param array<\Closure(Watch): bool> $during    called while it runs until each returns true (done): signals, killed servers, requests
     * @param int                          $copies    identical runs started at the same time (concurrent writers)
     * @param string|null                  $script    another copy of bin/preheat to run (one placed elsewhere), instead of the clone's
     */
    public function __construct(
        array $arguments,
        public readonly array $env = [],
        array $during = [],
        public readonly int $timeoutSeconds = 300,
        public readonly int $copies = 1,
        public readonly ?string $script = null,
    ) {
        $this->arguments = array_values($arguments);
        $this->during = array_values($during);
    }
}
