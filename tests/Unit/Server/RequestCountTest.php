<?php

declare(strict_types=1);

namespace Preheat\Tests\Unit\Server;

use PHPUnit\Framework\TestCase;
use Preheat\Server\RequestCount;

/** The servers' own status pages, as php-fpm 8.2 and Apache 2.4's mod_status write them. */
final class RequestCountTest extends TestCase
{
    public function testPhpFpmsStatusPage(): void
    {
        $status = <<<'STATUS'
            pool:                 bench
            process manager:      static
            start time:           23/Nov/2026:17:58:01 +0000
            start since:          42
            accepted conn:        1834
            listen queue:         0
            max listen queue:     3
            listen queue len:     0
            idle processes:       3
            active processes:     1
            total processes:      4
            max active processes: 4
            max children reached: 0
            slow requests:        0
            STATUS;

        $count = RequestCount::fromFpmStatus($status);

        self::assertNotNull($count);
        self::assertSame(1834, $count->accepted);
        self::assertSame(1, $count->busy);
    }

    public function testApachesMachineReadableStatus(): void
    {
        $status = "127.0.0.1\nServerVersion: Apache/2.4.62 (Debian)\nServerMPM: prefork\nTotal Accesses: 977\nTotal kBytes: 5120\nTotal Duration: 40210\nBusyWorkers: 3\nIdleWorkers: 1\nScoreboard: _WWW\n";

        $count = RequestCount::fromApacheStatus($status);

        self::assertNotNull($count);
        self::assertSame(977, $count->accepted);
        self::assertSame(3, $count->busy);
    }

    public function testAnythingElseIsNoCount(): void
    {
        self::assertNull(RequestCount::fromFpmStatus('<html>File not found.</html>'));
        self::assertNull(RequestCount::fromApacheStatus("Total Accesses: 5\n"), 'without the busy workers the run cannot be known to be over');
    }
}
