<?php

declare(strict_types=1);

namespace Preheat\Tests\Unit\Script\Verify;

use PHPUnit\Framework\TestCase;
use Preheat\Php\CachedScripts;
use Preheat\Php\InternedStrings;
use Preheat\Php\OpcacheMemory;
use Preheat\Php\OpcachePreload;
use Preheat\Php\OpcacheStatus;
use Preheat\Php\PhpInstallation;
use Preheat\Php\PhpSettings;
use Preheat\Script\Verify\LargerBuffers;
use Preheat\Script\Verify\Severity;
use Preheat\Script\Verify\StartupMessage;
use Preheat\Script\Verify\VerifyOptions;

/** What a boot with larger OPcache buffers would have shown with the php.ini's own sizes. */
final class LargerBuffersTest extends TestCase
{
    private const MB = 1048576;

    public function testTheBufferIsFourTimesThePhpIniSWithMemoryForItOnTop(): void
    {
        self::assertSame(
            ['opcache.interned_strings_buffer' => '64', 'opcache.memory_consumption' => '192'],
            LargerBuffers::settings(self::options([])),
        );
        self::assertSame(
            ['opcache.interned_strings_buffer' => '128', 'opcache.memory_consumption' => '384'],
            LargerBuffers::settings(self::options(['opcache.interned_strings_buffer' => '32', 'opcache.memory_consumption' => '256'])),
        );
        // Nothing larger to try than 1024 MB.
        self::assertSame([], LargerBuffers::settings(self::options(['opcache.interned_strings_buffer' => '1024'])));
    }

    public function testWhatThePreloadAddsIsAddedToThePhpIniBaseline(): void
    {
        [$status, $needs, $sure] = LargerBuffers::asThePhpIniSizes(
            self::opcache(30, 7, 64),
            self::opcache(10, 4, 8),
            self::opcache(12, 5, 64),
            [],
            LargerBuffers::settings(self::options([])),
        );

        self::assertNotNull($status);
        self::assertSame(28 * self::MB, $status->memory->usedBytes);
        self::assertSame(100 * self::MB, $status->memory->freeBytes);
        self::assertSame(6 * self::MB, $status->interned->usedBytes);
        self::assertSame(8 * self::MB, $status->interned->bufferBytes);
        self::assertSame(['internedTried' => 64 * self::MB, 'internedBytes' => 7 * self::MB, 'internedBaselineBytes' => 5 * self::MB], $needs);
        self::assertTrue($sure);
    }

    public function testAnOverflowIsMeasuredAndCloseToTheBufferIsNotSure(): void
    {
        $larger = LargerBuffers::settings(self::options([]));

        [$status, $needs] = LargerBuffers::asThePhpIniSizes(self::opcache(30, 10, 64), self::opcache(10, 4, 8), self::opcache(12, 5, 64), [], $larger);
        self::assertSame(8 * self::MB, $status?->interned->usedBytes);
        self::assertSame(9 * self::MB, $needs['internedOverflow'] ?? null);

        // 8 MB less 100 KB: within 2% of the buffer, only PHP with the php.ini's own can say.
        $near = self::opcache(30, 0, 64, 9 * self::MB - 100 * 1024);
        self::assertFalse(LargerBuffers::asThePhpIniSizes($near, self::opcache(10, 4, 8), self::opcache(12, 5, 64), [], $larger)[2]);

        // More than the php.ini's OPcache memory holds: not sure either.
        self::assertFalse(LargerBuffers::asThePhpIniSizes(self::opcache(140, 7, 64), self::opcache(10, 4, 8), self::opcache(12, 5, 64), [], $larger)[2]);
    }

    public function testABootThatOverflowedOrGaveNoStatusMeasuresNoInternedStrings(): void
    {
        $larger = LargerBuffers::settings(self::options([]));
        $overflow = [new StartupMessage(Severity::Warning, 'Interned string buffer overflow')];

        [, $needs] = LargerBuffers::asThePhpIniSizes(self::opcache(30, 7, 64), self::opcache(10, 4, 8), self::opcache(12, 5, 64), $overflow, $larger);
        self::assertSame(['internedTried' => 64 * self::MB], $needs);
        self::assertSame([null, [], true], LargerBuffers::asThePhpIniSizes(null, self::opcache(10, 4, 8), self::opcache(12, 5, 64), [], $larger));
    }

    /** @param array<string, string> $values */
    private static function options(array $values): VerifyOptions
    {
        return new VerifyOptions(new PhpInstallation('php', null, new PhpSettings(null, 'test', null, $values)));
    }

    /** A status with so many MB of OPcache memory and interned strings used, of a buffer of so many MB. */
    private static function opcache(int $usedMb, int $internedMb, int $bufferMb, ?int $internedBytes = null): OpcacheStatus
    {
        return new OpcacheStatus(
            php: '8.2.30',
            user: null,
            enabled: true,
            preload: new OpcachePreload(),
            memory: new OpcacheMemory(usedBytes: $usedMb * self::MB),
            scripts: new CachedScripts(),
            ini: ['memory_consumption' => '128', 'interned_strings_buffer' => '8'],
            interned: new InternedStrings($internedBytes ?? $internedMb * self::MB, $bufferMb * self::MB),
        );
    }
}
