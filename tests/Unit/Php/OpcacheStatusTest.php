<?php

declare(strict_types=1);

namespace Preheat\Tests\Unit\Php;

use PHPUnit\Framework\TestCase;
use Preheat\Php\OpcacheStatus;
use Preheat\Tests\Support\TemporaryDirectory;

final class OpcacheStatusTest extends TestCase
{
    public function testTheProbeRunInThisPhpReadsBack(): void
    {
        $directory = new TemporaryDirectory();
        try {
            file_put_contents($directory->path.'/probe.php', OpcacheStatus::probeCode());
            $output = (static function (string $probe): string {
                ob_start();
                require $probe;

                return (string) ob_get_clean();
            })($directory->path.'/probe.php');
        } finally {
            $directory->remove();
        }

        $status = OpcacheStatus::read("noise before\n".$output."\nnoise after");

        self::assertNotNull($status);
        self::assertSame(\PHP_VERSION, $status->php);
        $enabled = \is_array(\function_exists('opcache_get_status') ? opcache_get_status(false) : false);
        self::assertSame($enabled, $status->enabled);
        self::assertSame((string) \ini_get('memory_limit'), $status->ini('memory_limit'));
        if ($enabled) {
            // For monitoring: the restarts by cause, when OPcache started, and all of its memory.
            self::assertNotNull($status->restarts);
            self::assertSame(['oom', 'hash', 'manual'], array_keys($status->restarts));
            self::assertGreaterThan(0, $status->startTime);
            self::assertSame($status->memoryConsumptionBytes(), $status->memorySizeBytes());
        } else {
            self::assertNull($status->restarts);
        }
    }

    public function testWhatAFakePrintsReadsBackTheSame(): void
    {
        $status = new OpcacheStatus(
            '8.2.1',
            'www-data',
            true,
            4096,
            ["/app/\xE9t\xE9.php", '/app/b.php'],
            3,
            1,
            1048576,
            12,
            ['memory_consumption' => '128', 'jit' => false],
            2048,
            8388608,
            16229,
            null,
            1024,
            512,
            ['oom' => 1, 'hash' => 2, 'manual' => 3],
            1700000000,
            1700000500,
        );

        self::assertEquals($status, OpcacheStatus::read($status->printed()));
        self::assertSame(1048576 + 1024 + 512, $status->memorySizeBytes());
        self::assertSame(134217728, $status->memoryConsumptionBytes());
        self::assertSame('', $status->ini('jit'));
    }

    public function testNoProbeAnswerIsNoStatus(): void
    {
        self::assertNull(OpcacheStatus::read('PHP Fatal error: ...'));
        self::assertNull(OpcacheStatus::read(''));
    }
}
