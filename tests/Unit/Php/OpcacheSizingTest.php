<?php

declare(strict_types=1);

namespace Preheat\Tests\Unit\Php;

use PHPUnit\Framework\TestCase;
use Preheat\Php\OpcacheSizing;
use Preheat\Php\PhpSettings;

/** OPcache sized for an app: doctor's advice and the ladder's "opcache sizing" rung come from the same figures. */
final class OpcacheSizingTest extends TestCase
{
    public function testSizesFollowWhatTheFilesTake(): void
    {
        // 5,000 files, 42 MB compiled, 6.4 MB interned strings (Debian's Laravel 8 + Symfony 5).
        $sizing = OpcacheSizing::forApp(5000, 42 * 1048576, (int) (6.4 * 1048576));

        self::assertSame(
            16,
            $sizing->internedStringsMb,
            '(6.4 + 1) × 1.25 / 0.74 = 12.5, rounded up to a multiple of 8',
        );
        self::assertSame(96, $sizing->memoryMb, '42 × 1.25 + 16 + 16 = 84.5, rounded up to a multiple of 32');
        self::assertSame(10000, $sizing->maxAcceleratedFiles, '5,000 × 1.25, rounded up to a multiple of 10,000');
    }

    public function testTheRungsIniIsNeverSmallerThanTheServersAndTurnsTimestampsOff(): void
    {
        $sizing = OpcacheSizing::forApp(20000, 42 * 1048576, (int) (6.4 * 1048576));
        $current = new PhpSettings('/etc/php/8.2/fpm/php.ini', 'test', values: [
            'opcache.memory_consumption' => '256',
            'opcache.interned_strings_buffer' => '8',
            'opcache.max_accelerated_files' => '10000',
        ]);

        self::assertSame([
            'opcache.memory_consumption' => '256',
            'opcache.interned_strings_buffer' => '16',
            'opcache.max_accelerated_files' => '30000',
            'opcache.validate_timestamps' => '0',
            'realpath_cache_size' => '10M',
            'realpath_cache_ttl' => '3600',
        ], $sizing->iniSettings($current));
    }

    public function testKeySlotsAreOpcachesPrimes(): void
    {
        self::assertSame(16229, OpcacheSizing::keySlots(10000));
        self::assertSame(223, OpcacheSizing::keySlots(200));
        self::assertSame(2000000, OpcacheSizing::keySlots(2000000));
    }
}
