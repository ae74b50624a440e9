<?php

declare(strict_types=1);

namespace Preheat\Tests\Unit\Bench;

use PHPUnit\Framework\TestCase;
use Preheat\Bench\PreparedScenario;
use Preheat\Bench\ScenarioRecordBuilder;

/** The warnings a scenario's server logged while it started, counted as they were printed. */
final class ScenarioRecordBuilderTest extends TestCase
{
    private const LOG = <<<'LOG'
        [25-Nov-2026 17:46:59 UTC] PHP Warning:  Can't preload unlinked class Acme\Testkit\FixtureTestCase: Unknown parent PHPUnit\Framework\TestCase in /app/vendor/acme/testkit/src/FixtureTestCase.php on line 9
        [25-Nov-2026 17:46:59 UTC] PHP Warning:  Can't preload already declared class App\Twice in /app/src/Twice2.php on line 5
        [25-Nov-2026 17:46:59 UTC] PHP Warning:  Interned string buffer overflow in Unknown on line 0
        [25-Nov-2026 17:47:00 UTC] PHP Warning:  Interned string buffer overflow in Unknown on line 0
        [25-Nov-2026 17:47:00 UTC] PHP Deprecated:  Something old in /app/src/Old.php on line 3
        [25-Nov-2026 17:47:01] NOTICE: fpm is running, pid 28583
        [25-Nov-2026 17:47:01] NOTICE: ready to handle connections
        LOG;

    public function testEveryWarningOfTheStartIsCountedWithTheClassesRefusedAndTheFirstQuoted(): void
    {
        $warnings = ScenarioRecordBuilder::warnings(self::LOG);

        self::assertSame(4, $warnings->count, 'the overflow twice, as printed; not the deprecation, not the notices');
        self::assertSame(2, $warnings->refusedClasses, 'unlinked and already declared');
        self::assertSame([
            'Can\'t preload unlinked class Acme\Testkit\FixtureTestCase: Unknown parent PHPUnit\Framework\TestCase',
            'Can\'t preload already declared class App\Twice',
            'Interned string buffer overflow',
        ], $warnings->examples);
    }

    public function testOnlyWhatPhpLoggedCountsNotTheServersOwnLines(): void
    {
        $log = <<<'LOG'
            [Wed Nov 25 17:47:01.123 2026] [mpm_prefork:notice] [pid 4242] AH00163: Apache/2.4.62 (Debian) configured -- resuming normal operations
            worker 1 booted the app in 0.12 s
            2026/11/25 17:47:01 [warn] 4243#4243: could not build optimal types_hash
            Wed Nov 25 17:47:01 2026 (4244): Warning Interned string buffer overflow
            LOG;

        $warnings = ScenarioRecordBuilder::warnings($log);

        self::assertSame(1, $warnings->count, 'OPcache\'s own warning only');
        self::assertSame(['Interned string buffer overflow'], $warnings->examples);
    }

    public function testAQuietStartCountsNothing(): void
    {
        $warnings = ScenarioRecordBuilder::warnings("[25-Nov-2026 17:47:01] NOTICE: fpm is running, pid 1\n");

        self::assertSame(0, $warnings->count);
        self::assertSame([], $warnings->examples);
    }

    public function testTheRecordHasTheFirstStartsWarningsAndNoneBeforeItsServerStarted(): void
    {
        $builder = new ScenarioRecordBuilder(new PreparedScenario('naive', 'naive', '/tmp/naive-preload.php'));
        self::assertNull($builder->build()->server->warnings, 'not started: nothing was watched');

        $builder->started(1.5, self::LOG);
        $builder->restarted();
        $record = $builder->build();

        self::assertSame(1.5, $record->server->fpmStartSeconds);
        self::assertSame(4, $record->server->warnings?->count);
    }
}
