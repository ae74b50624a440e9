<?php

declare(strict_types=1);

namespace Preheat\Tests\Unit\Php\Fpm;

use PHPUnit\Framework\TestCase;
use Preheat\Php\Fpm\FpmDump;

/** What `php-fpm -tt` prints (the same on 8.2 and 8.4): the effective pools, their defaults included. */
final class FpmDumpTest extends TestCase
{
    public function testPoolsAndTheirEffectiveValues(): void
    {
        $output = <<<'TXT'
            [25-Nov-2026 20:04:59] NOTICE: [global]
            [25-Nov-2026 20:04:59] NOTICE: 	pid = /run/php/php8.2-fpm.pid
            [25-Nov-2026 20:04:59] NOTICE: 	log_level = unknown value
            [25-Nov-2026 20:04:59] NOTICE:  
            [25-Nov-2026 20:04:59] NOTICE: [www]
            [25-Nov-2026 20:04:59] NOTICE: 	prefix = undefined
            [25-Nov-2026 20:04:59] NOTICE: 	user = www-data
            [25-Nov-2026 20:04:59] NOTICE: 	listen = 127.0.0.1:19999
            [25-Nov-2026 20:04:59] NOTICE: 	pm = dynamic
            [25-Nov-2026 20:04:59] NOTICE: 	pm.max_children = 5
            [25-Nov-2026 20:04:59] NOTICE: 	php_admin_value[memory_limit] = 256M
            [25-Nov-2026 20:04:59] NOTICE:  
            [25-Nov-2026 20:04:59] NOTICE: configuration file /etc/php/8.2/fpm/php-fpm.conf test is successful
            TXT;

        self::assertSame(
            ['www' => ['user' => 'www-data', 'listen' => '127.0.0.1:19999', 'pm' => 'dynamic', 'pm.max_children' => '5', 'php_admin_value[memory_limit]' => '256M']],
            FpmDump::parse($output),
        );
    }

    public function testAFailedTestIsNoDump(): void
    {
        self::assertNull(FpmDump::parse("[25-Nov-2026 20:05:03] ERROR: failed to open error_log (/var/log/php8.2-fpm.log): Permission denied (13)\n[25-Nov-2026 20:05:03] ERROR: FPM initialization failed\n"));
    }
}
