<?php

declare(strict_types=1);

namespace Preheat\Tests\Integration;

use PHPUnit\Framework\Attributes\Group;
use PHPUnit\Framework\TestCase;
use Preheat\Php\PhpInstallation;
use Preheat\Php\PhpSettings;
use Preheat\Process\SymfonyProcessRunner;
use Preheat\Script\Verify\PreloadVerifier;
use Preheat\Script\Verify\VerificationReport;
use Preheat\Script\Verify\VerifyOptions;
use Preheat\Tests\Support\TemporaryDirectory;

/**
 * The slow start-up check judges the boot's CPU time, not the wall clock: a boot that waits (as one does on a
 * machine busy with other work) keeps its verdict, one that works is flagged.
 */
#[Group('integration')]
final class VerifyStartupCpuTest extends TestCase
{
    private TemporaryDirectory $directory;

    protected function setUp(): void
    {
        $this->directory = new TemporaryDirectory();
    }

    protected function tearDown(): void
    {
        $this->directory->remove();
    }

    public function testABootThatWaitsIsNotASlowStartUp(): void
    {
        // 1.5 s on the clock and next to no CPU time: what a short boot looks like on a machine ten times busier.
        $report = $this->verify('usleep(1500000);');

        self::assertGreaterThanOrEqual(1.4, $report->startup->seconds);
        self::assertNotNull($report->startup->cpuSeconds);
        self::assertLessThan(0.5, $report->startup->cpuSeconds);
        self::assertSame(0, $report->warningCount(), implode("\n", array_map(
            static fn ($finding): string => $finding->message,
            $report->findings,
        )));
    }

    public function testABootThatWorksIsASlowStartUp(): void
    {
        // 0.8 s of the process's own CPU time, over the 0.5 s allowed.
        $report = $this->verify(
            'do { $u = getrusage(); } while ($u[\'ru_utime.tv_sec\'] + $u[\'ru_utime.tv_usec\'] / 1e6 < 0.8);',
        );

        self::assertGreaterThan(0.6, $report->startup->cpuSeconds);
        self::assertSame(1, $report->warningCount());
        self::assertStringContainsString('s of CPU time (', $report->findings[0]->message);
    }

    private function verify(string $work): VerificationReport
    {
        $lib = $this->directory->path.'/lib.php';
        file_put_contents($lib, "<?php\nfunction preheat_startup_fixture() {}\n");
        $script = $this->directory->path.'/preload.php';
        file_put_contents($script, "<?php\n".$work."\nopcache_compile_file(__DIR__.'/lib.php');\n");
        // As root, PHP preloads in a child process of its own as the preload user: its CPU time counts too.
        $php = new PhpInstallation(
            \PHP_BINARY,
            null,
            new PhpSettings(null, 'test', null, ['memory_limit' => '128M']),
            \function_exists('posix_geteuid') && 0 === posix_geteuid() ? 'nobody' : null,
        );

        return (new PreloadVerifier(new SymfonyProcessRunner()))->verify(
            $script,
            new VerifyOptions($php, 60.0, 0.5),
        );
    }
}
