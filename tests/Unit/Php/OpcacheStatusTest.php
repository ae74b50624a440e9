<?php

declare(strict_types=1);

namespace Preheat\Tests\Unit\Php;

use PHPUnit\Framework\Attributes\DataProvider;
use PHPUnit\Framework\TestCase;
use Preheat\Php\CachedScripts;
use Preheat\Php\InternedStrings;
use Preheat\Php\OpcacheLifetime;
use Preheat\Php\OpcacheMemory;
use Preheat\Php\OpcachePreload;
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
            self::assertNotNull($status->lifetime->restarts);
            self::assertSame(['oom', 'hash', 'manual'], array_keys($status->lifetime->restarts));
            self::assertGreaterThan(0, $status->lifetime->startTime);
            self::assertSame($status->memoryConsumptionBytes(), $status->memorySizeBytes());
        } else {
            self::assertNull($status->lifetime->restarts);
        }
    }

    public function testWhatAFakePrintsReadsBackTheSame(): void
    {
        $status = new OpcacheStatus(
            php: '8.2.1',
            user: 'www-data',
            enabled: true,
            preload: new OpcachePreload(
                memoryBytes: 4096,
                scripts: ["/app/\xE9t\xE9.php", '/app/b.php'],
                classes: 3,
                functions: 1,
            ),
            memory: new OpcacheMemory(usedBytes: 1048576, freeBytes: 1024, wastedBytes: 512),
            scripts: new CachedScripts(count: 12, maxKeys: 16229),
            ini: ['memory_consumption' => '128', 'jit' => false],
            interned: new InternedStrings(usedBytes: 2048, bufferBytes: 8388608),
            manifest: null,
            lifetime: new OpcacheLifetime(
                startTime: 1700000000,
                lastRestartTime: 1700000500,
                restarts: ['oom' => 1, 'hash' => 2, 'manual' => 3],
            ),
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

    /** @return iterable<string, array{array<string, mixed>}> */
    public static function answersNoProbeGives(): iterable
    {
        yield 'an object for the PHP version' => [['php' => new \ArrayObject([1])]];
        yield 'an object for a count' => [['usedBytes' => new \ArrayObject([1])]];
        yield 'a NUL in opcache.preload' => [['ini' => ['preload' => "/srv/a\0b.php"]]];
        yield 'a NUL in a preloaded script' => [['preload' => ['scripts' => ["/a\0.php"]]]];
        yield 'an array for a script' => [['preload' => ['scripts' => [['x']]]]];
        yield 'memory beyond 2^53' => [['usedBytes' => \PHP_INT_MAX]];
        yield 'a negative count' => [['restarts' => ['oom' => -1, 'hash' => 0, 'manual' => 0]]];
        yield 'a float for a count' => [['freeBytes' => 1.5]];
        yield 'a string for the preload section' => [['preload' => 'x']];
    }

    /**
     * An answer in the probe's form holding what the probe never prints is no status (and no crash): the
     * caller says it is not the probe's.
     *
     * @param array<string, mixed> $changes
     */
    #[DataProvider('answersNoProbeGives')]
    public function testAnAnswerTheProbeCannotGiveIsNoStatus(array $changes): void
    {
        $good = ['php' => '8.2.1', 'opcache' => true, 'usedBytes' => 1, 'ini' => ['preload' => '']];
        $printed = static fn (array $data): string => '@@PREHEAT-OPCACHE@@'.base64_encode(serialize($data)).'@@PREHEAT-OPCACHE@@';
        self::assertNotNull(OpcacheStatus::read($printed($good)), 'the same answer without the change reads');

        $answer = $printed(array_replace($good, $changes));

        self::assertNull(OpcacheStatus::read($answer));
        self::assertTrue(OpcacheStatus::answered($answer));
    }
}
