<?php

declare(strict_types=1);

namespace Preheat\Bench\Result;

use Preheat\Php\OpcacheStatus;

/** What was read of one scenario's server: its start-up time and warnings, OPcache's status, its workers' memory. */
final class ServerReadings
{
    /**
     * @param OpcacheStatus|null   $opcacheStatus what the status probe inside php-fpm said after the last round
     * @param list<int>            $workerPss     PSS in bytes of each PHP worker (php-fpm, Apache child) after the
     *                                            last round
     * @param StartupWarnings|null $warnings      what its server logged while it first started (the preload's
     *                                            warnings among them); null: not started
     */
    public function __construct(
        public readonly ?float $fpmStartSeconds = null,
        public readonly ?OpcacheStatus $opcacheStatus = null,
        public readonly array $workerPss = [],
        public readonly ?StartupWarnings $warnings = null,
    ) {
    }
}
