<?php

declare(strict_types=1);

namespace Preheat\Tests\Integration;

use PHPUnit\Framework\Attributes\Group;
use PHPUnit\Framework\TestCase;
use Preheat\Bench\Load\CgiLoadGenerator;
use Preheat\Bench\Load\LoadSettings;
use Preheat\Bench\Load\LoadTarget;
use Preheat\Config\IntegerSettings;
use Preheat\Process\SymfonyProcessRunner;
use Preheat\Tests\Support\TemporaryDirectory;

/**
 * The cgi tool with a preload that takes longer than the php.ini's `max_input_time`: php-cgi runs the
 * preload at the start of its first request, where that limit counts (CPU seconds); the bench lifts it
 * there, so the page is measured instead of php-cgi ending with "Maximum execution time exceeded" (a
 * heavy preload under valgrind met Debian's 60 s).
 */
#[Group('integration')]
final class PhpCgiHeavyPreloadTest extends TestCase
{
    private TemporaryDirectory $directory;

    protected function setUp(): void
    {
        $this->directory = new TemporaryDirectory('preheat-cgi-preload-');
    }

    protected function tearDown(): void
    {
        $this->directory->remove();
    }

    public function testAPreloadLongerThanMaxInputTimeStillLetsThePageBeMeasured(): void
    {
        $cgi = 'php-cgi'.\PHP_MAJOR_VERSION.'.'.\PHP_MINOR_VERSION;
        $root = $this->directory->path;
        chmod($root, 0755);
        // 1.5 s of CPU: over the 1 s limit below. The limit is CPU time, so a loaded machine changes nothing.
        file_put_contents($root.'/preload.php', '<?php $t = getrusage(); while (true) { $u = getrusage(); '
            .'if ($u["ru_utime.tv_sec"] + $u["ru_utime.tv_usec"] / 1e6 - $t["ru_utime.tv_sec"] '
            .'- $t["ru_utime.tv_usec"] / 1e6 > 1.5) { break; } }'."\n");
        file_put_contents($root.'/index.php', "<?php echo 'ok';\n");
        $user = posix_getpwuid(posix_geteuid());
        self::assertIsArray($user);
        file_put_contents($root.'/php.ini', implode("\n", [
            'opcache.enable=1',
            'opcache.enable_cli=1',
            'opcache.preload='.$root.'/preload.php',
            'opcache.preload_user='.$user['name'],
            'max_input_time=1',
            'max_execution_time=30',
        ])."\n");
        $target = new LoadTarget('http://127.0.0.1:8080', ['/'], $root.'/php.ini', $root, $root.'/index.php');

        $result = (new CgiLoadGenerator(new SymfonyProcessRunner(), $cgi))
            ->run($target, new LoadSettings(1.0, 1, tool: (new IntegerSettings())->with(CgiLoadGenerator::requests(), 20)), 1.0);

        self::assertTrue($result->isValid(), 'the page was served and measured');
        self::assertSame(20, $result->requests);
    }
}
