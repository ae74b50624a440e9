<?php

declare(strict_types=1);

namespace Preheat\Tests\Unit\Script;

use PHPUnit\Framework\TestCase;
use Preheat\Php\InternedStrings;
use Preheat\Php\OpcachePreload;
use Preheat\Php\PhpInstallation;
use Preheat\Php\PhpSettings;
use Preheat\Script\Verify\PreloadMeasurement;
use Preheat\Script\Verify\PreloadPhase;
use Preheat\Script\Verify\Severity;
use Preheat\Script\Verify\StartupChecks;
use Preheat\Script\Verify\StartupMessage;
use Preheat\Script\Verify\VerifyOptions;

/** Limits nearly reached are flagged with the ini line to change and the value it needs. */
final class StartupChecksTest extends TestCase
{
    private const MB = 1048576;

    public function testAComfortableStartIsNotFlagged(): void
    {
        self::assertSame([], $this->check($this->measurement()));
    }

    public function testOpcacheMemoryNearlyFull(): void
    {
        [$finding] = $this->check($this->measurement(opcacheUsed: 120 * self::MB));

        self::assertSame(Severity::Warning, $finding->severity);
        self::assertSame('opcache.memory_consumption', $finding->setting);
        self::assertSame('192', $finding->value, '1.5 times what is used, rounded up to 32 MB');
        self::assertStringContainsString('in /etc/php/8.2/fpm/php.ini', $finding->message);
    }

    public function testMemoryLimitNearlyReachedWhilePreloading(): void
    {
        [$finding] = $this->check($this->measurement(peak: 110 * self::MB));

        self::assertSame('memory_limit', $finding->setting);
        self::assertSame('192M', $finding->value);
    }

    public function testAScriptThatLiftsMemoryLimitForThePreloadCannotRunOutOfIt(): void
    {
        self::assertSame([], $this->check($this->measurement(peak: 110 * self::MB, limitAfterScript: '-1')));
    }

    public function testTooFewFileSlots(): void
    {
        [$finding] = $this->check($this->measurement(scripts: 9000));

        self::assertSame('opcache.max_accelerated_files', $finding->setting);
        self::assertSame('40000', $finding->value);
    }

    public function testASlowStartUp(): void
    {
        [$finding] = $this->check($this->measurement(), startup: 12.0);

        self::assertSame(Severity::Warning, $finding->severity);
        self::assertStringContainsString('Preloading took 12.0 s', $finding->message);
    }

    public function testTheStartUpIsJudgedOnCpuTimeNotOnTheClockOfABusyMachine(): void
    {
        // 14 s on the clock of a loaded machine, 3 s of it the boot's own work: not slow.
        self::assertSame([], $this->check($this->measurement(), startup: 14.0, startupCpu: 3.0));
        self::assertSame([], $this->check($this->measurement(), startup: 14.0, systemAllocator: true, startupCpu: 3.0));

        [$finding] = $this->check($this->measurement(), startup: 14.0, startupCpu: 12.0);
        self::assertSame(Severity::Warning, $finding->severity);
        self::assertStringContainsString('Preloading took 12.0 s of CPU time (14.0 s on the clock)', $finding->message);
    }

    public function testAStartUpMeasuredWithTheCLibraryAllocatorIsCheckedAsPhpFpmWouldTakeIt(): void
    {
        // 5 s with the C library's allocator is php-fpm's 10 s or more with PHP's own.
        [$finding] = $this->check($this->measurement(), startup: 5.0, systemAllocator: true);

        self::assertSame(Severity::Warning, $finding->severity);
        self::assertStringContainsString(
            "Preloading took 5.0 s with the C library's allocator; php-fpm, with PHP's own, may take up to 12.5 s",
            $finding->message,
        );
        self::assertSame([], $this->check($this->measurement(), startup: 3.0, systemAllocator: true));
        self::assertSame([], $this->check($this->measurement(), startup: 5.0), 'PHP\'s own allocator: as measured');
    }

    public function testABufferMeasuredLargerThanTheIniWouldOverflowIsAWarningWithTheNeed(): void
    {
        // Booted with a 64 MB buffer: 20 MB interned there, so the php.ini's 8 MB would need 10.5 MB.
        [$finding] = $this->check($this->measurement(), needs: [
            'internedTried' => 64 * self::MB,
            'internedBytes' => 20 * self::MB,
            'internedBaselineBytes' => 15 * self::MB,
            'internedOverflow' => (int) (10.5 * self::MB),
        ]);

        self::assertSame(Severity::Warning, $finding->severity);
        self::assertSame('opcache.interned_strings_buffer', $finding->setting);
        self::assertSame('32', $finding->value);
        self::assertSame(
            'OPcache\'s interned string buffer would overflow with opcache.interned_strings_buffer=8 (MB): with the '.
            'preloaded code PHP needs 10.5 MB of its 8.0 MB (measured with a larger buffer): set '.
            'opcache.interned_strings_buffer=32 in /etc/php/8.2/fpm/php.ini.',
            $finding->message,
        );
    }

    public function testSharedMemoryThatRanOutIsSaidWithThePieceAskedForAndTheSettingThatHoldsIt(): void
    {
        // A 3000-deep class hierarchy: 191 MB asked for in one piece, 127 MB free of 128 MB.
        $messages = [
            new StartupMessage(Severity::Fatal, 'Not enough shared memory for preloading. Consider increasing the value for the opcache.memory_consumption directive in php.ini.'),
            new StartupMessage(Severity::Warning, 'Not enough free shared space to allocate 200407088 bytes (133438400 bytes free)'),
        ];
        [$finding] = $this->check($this->measurement(), messages: $messages, booted: false);

        self::assertSame([200407088, 133438400], StartupChecks::sharedMemoryShortfall($messages));
        self::assertSame('opcache.memory_consumption', $finding->setting);
        self::assertSame('256', $finding->value, 'what was used before, and the piece, with a quarter more, rounded up to 32 MB');
        self::assertStringContainsString('need 191.1 MB in one piece and 127.3 MB was free', $finding->message);
    }

    /**
     * @param list<StartupMessage> $messages
     * @param array{memoryBytes?: int, internedBytes?: int, internedTried?: int, internedBaselineBytes?: int,
     *     internedOverflow?: int} $needs
     *
     * @return list<\Preheat\Script\Verify\Finding>
     */
    private function check(
        PreloadMeasurement $measurement,
        float $startup = 0.5,
        array $needs = [],
        bool $systemAllocator = false,
        array $messages = [],
        bool $booted = true,
        ?float $startupCpu = null,
    ): array {
        $settings = new PhpSettings(
            '/etc/php/8.2/fpm/php.ini',
            'test',
            null,
            [
                'memory_limit' => '128M',
                'opcache.memory_consumption' => '128',
                'opcache.max_accelerated_files' => '10000',
            ],
        );

        return (new StartupChecks())->check(
            new VerifyOptions(
                new PhpInstallation('php', null, $settings),
                expectedFiles: 3,
                systemAllocator: $systemAllocator,
            ),
            $measurement,
            $messages,
            $booted,
            $startup,
            3,
            '/app/preload.php',
            $needs,
            $startupCpu,
        );
    }

    private function measurement(
        int $opcacheUsed = 40 * self::MB,
        int $peak = 20 * self::MB,
        int $scripts = 3,
        string $limitAfterScript = '128M',
    ): PreloadMeasurement {
        $paths = array_map(static fn (int $i): string => "/app/f$i.php", range(1, $scripts));

        return new PreloadMeasurement(
            probeAnswered: true,
            phpVersion: '8.2.0',
            preload: new OpcachePreload(memoryBytes: 5 * self::MB, scripts: $paths, classes: 3, functions: 0),
            opcacheUsedBytes: $opcacheUsed,
            opcacheMemoryBytes: 128 * self::MB,
            interned: new InternedStrings(usedBytes: 4 * self::MB, bufferBytes: 8 * self::MB),
            maxCachedKeys: 16229,
            phase: new PreloadPhase(peakMemoryBytes: $peak, memoryLimitAfterScript: $limitAfterScript, user: 'www-data'),
        );
    }
}
