<?php

declare(strict_types=1);

namespace Preheat\Tests\Unit\Usage\Fpm;

use PHPUnit\Framework\TestCase;
use Preheat\Usage\Fpm\FpmHitCounts;
use Preheat\Usage\Fpm\FpmHits;

final class FpmHitsTest extends TestCase
{
    public function testHitsBecomeLoadsAndTheBusiestScriptStandsForTheRequests(): void
    {
        $hits = new FpmHits('php-fpm at 127.0.0.1:9000', true, 1000, 0, [
            '/app/public/index.php' => [99, 1500],
            '/app/src/Home.php' => [49, 1490],
            '/app/src/Rare.php' => [0, 1200],
        ], 1600);

        $usage = $hits->snapshot();

        self::assertSame(
            ['/app/public/index.php' => 100, '/app/src/Home.php' => 50, '/app/src/Rare.php' => 1],
            $usage->fileCounts,
            'a script\'s loads: its hits plus the load that compiled it',
        );
        self::assertSame(100, $usage->requests, 'the busiest script\'s loads');
        self::assertSame(0.5, $usage->share('/app/src/Home.php'));
        self::assertSame([1000, 1600], [$usage->from, $usage->to], 'since OPcache started, until read');
        self::assertSame(['php-fpm at 127.0.0.1:9000'], $usage->servers);
        self::assertSame([], $usage->onlyRequiredFiles(), 'hit counts cannot tell how a file was loaded');
    }

    public function testOnlyTheScriptsUnderTheAppsDirectoriesCountAndARestartStartsTheWindow(): void
    {
        $hits = new FpmHits('php-fpm at /run/fpm.sock', true, 1000, 1300, [
            '/other/public/index.php' => [999, 0],
            '/app/public/index.php' => [9, 0],
            '/usr/share/php/Lib/Thing.php' => [4, 0],
            '/usr/share/php/Other/Thing.php' => [4, 0],
            '/app2/x.php' => [1, 0],
            '/app/.preheat-hits-0123456789abcdef.php' => [0, 0],
            '/app/.preheat-status-0123456789abcdef.php' => [0, 0],
        ], 1600);

        $usage = $hits->snapshot(['/app', '/usr/share/php/Lib/']);

        self::assertSame(
            ['/app/public/index.php' => 10, '/usr/share/php/Lib/Thing.php' => 5],
            $usage->fileCounts,
            'other apps\' scripts and Preheat\'s probes from earlier runs are left out',
        );
        self::assertSame(10, $usage->requests, 'another app\'s busier front controller does not count');
        self::assertSame(1300, $usage->from, 'the counts start again at a restart');
        self::assertTrue($hits->snapshot(['/nowhere'])->isEmpty());
    }

    public function testPreloadedScriptsHaveNoCountAndAPlanKeepsThemAsBusyAsTheBusiest(): void
    {
        // As OPcache lists them: what php-fpm preloaded is never used (0 hits, last used 0), however much
        // its classes are; before, each counted as loaded once.
        $hits = new FpmHits('php-fpm at /run/fpm.sock', true, 1000, 0, [
            '/app/public/index.php' => [39, 1500],
            '/app/preload.php' => [0, 0],
            '/app/src/Preloaded.php' => [0, 0],
            '/app/vendor/lib/Preloaded.php' => [0, 0],
            '/app/resources/views/home.php' => [19, 1500],
            '/other/Preloaded.php' => [0, 0],
        ], 1600, ['/app/preload.php', '/app/src/Preloaded.php', '/app/vendor/lib/Preloaded.php', '/other/Preloaded.php']);

        self::assertSame(
            ['/app/public/index.php' => 40, '/app/resources/views/home.php' => 20],
            $hits->snapshot(['/app'])->fileCounts,
            'usage lists what the pool compiled',
        );
        $plan = $hits->snapshot(['/app'], keepPreloaded: true);
        self::assertSame(
            [
                '/app/public/index.php' => 40,
                '/app/resources/views/home.php' => 20,
                '/app/preload.php' => 40,
                '/app/src/Preloaded.php' => 40,
                '/app/vendor/lib/Preloaded.php' => 40,
            ],
            $plan->fileCounts,
        );
        self::assertSame(40, $plan->requests);
        self::assertCount(3, $hits->preloadedUnder(['/app']));
        self::assertCount(4, $hits->preloadedUnder());
    }

    public function testReadsWhatTheProbePrintsAndRefusesAnythingElse(): void
    {
        $hits = new FpmHits('php-fpm at x:1', true, 5, 0, ["/app/\xff.php" => [3, 7]], 9, ["/app/\xff.php"]);

        $read = FpmHits::read("Content-Type: text/plain\n\n".$hits->printed(), 'php-fpm at x:1', 9);

        self::assertEquals($hits, $read, 'paths may be any bytes');
        self::assertNull(FpmHits::read('<html>Not found</html>', 'x', 0));
        self::assertNull(FpmHits::read(FpmHits::MARKER.base64_encode(serialize(['scripts' => 'no'])).FpmHits::MARKER, 'x', 0));
        $odd = FpmHits::read(FpmHits::MARKER.base64_encode(serialize([
            'opcache' => true,
            'scripts' => ['relative.php' => [1, 1], '/a.php' => 'x', '/b.php' => [-5, -1]],
        ])).FpmHits::MARKER, 'x', 0);
        self::assertNotNull($odd);
        self::assertSame(['/b.php' => [0, 0]], $odd->scripts, 'relative paths and damaged entries are left out');
    }

    public function testTheProbeRunsAndReportsOpcacheOffFromTheCli(): void
    {
        $file = tempnam(sys_get_temp_dir(), 'preheat-hits-');
        self::assertNotFalse($file);
        try {
            file_put_contents($file, FpmHitCounts::probeCode());
            $output = (string) shell_exec(escapeshellarg(\PHP_BINARY).' -d opcache.enable_cli=0 '.escapeshellarg($file));
            $hits = FpmHits::read($output, 'cli', 1);
            self::assertNotNull($hits, $output);
            self::assertFalse($hits->opcacheEnabled);
            self::assertSame([], $hits->scripts);
        } finally {
            @unlink($file);
        }
    }
}
