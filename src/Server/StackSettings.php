<?php

declare(strict_types=1);

namespace Preheat\Server;

use Preheat\Php\PhpInstallation;

/**
 * What every runtime of a command run shares, passed in by the caller and never reloaded: the app's
 * document root and front controller, the number of workers, the server binaries, and the PHP
 * installation (php.ini, OPcache sizes, pool user) found once for the run.
 */
final class StackSettings
{
    public function __construct(
        public readonly string $documentRoot,
        public readonly string $frontController,
        public readonly int $workers,
        public readonly string $fpmBinary,
        public readonly string $nginxBinary,
        public readonly PhpInstallation $php,
        /**
         * Seconds a server may take to answer once started: php-fpm preloads first, and a script verify passes
         * without a warning may take up to 10 s of CPU to do so, which a machine busy with other work can stretch
         * tenfold.
         */
        public readonly float $startTimeout = 120.0,
    ) {
    }
}
