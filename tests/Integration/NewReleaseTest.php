<?php

declare(strict_types=1);

namespace Preheat\Tests\Integration;

use PHPUnit\Framework\Attributes\Group;
use PHPUnit\Framework\TestCase;
use Preheat\Tests\Support\FixtureProjects;
use Preheat\Tests\Support\PreheatProcess;
use Preheat\Tests\Support\TemporaryDirectory;

/**
 * A deploy makes a new release directory: the same files at another path, every modification time new.
 * `generate` there parses nothing (the timing table says 0 files parsed) and writes the script it would
 * have written after parsing every file.
 */
#[Group('integration')]
final class NewReleaseTest extends TestCase
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

    public function testANewReleaseDirectoryParsesNoFileAgain(): void
    {
        $first = $this->release(1);
        $second = $this->release(2);
        $cache = $this->directory->path.'/cache';

        $cold = PreheatProcess::run(['generate', '--project='.$first, '--no-verify', '--cache-dir='.$cache, '-vv']);
        self::assertSame(0, $cold->getExitCode(), $cold->getErrorOutput());
        $files = $this->parsedAndCached($cold->getErrorOutput());
        self::assertGreaterThan(0, $files[0]);
        self::assertSame(0, $files[1]);

        $release = PreheatProcess::run(['generate', '--project='.$second, '--no-verify', '--cache-dir='.$cache, '-vv']);
        self::assertSame(0, $release->getExitCode(), $release->getErrorOutput());
        self::assertSame([0, $files[0]], $this->parsedAndCached($release->getErrorOutput()));

        $fromIndex = (string) file_get_contents($second.'/preload.php');
        self::assertStringNotContainsString('/releases/1/', $fromIndex);
        $parsed = PreheatProcess::run(['generate', '--project='.$second, '--no-verify', '--no-cache']);
        self::assertSame(0, $parsed->getExitCode(), $parsed->getErrorOutput());
        self::assertSame((string) file_get_contents($second.'/preload.php'), $fromIndex);
    }

    private function release(int $number): string
    {
        $copy = FixtureProjects::copy('cms', $this->directory);
        $target = $this->directory->path.'/releases/'.$number;
        @mkdir(\dirname($target), 0o777, true);
        rename($copy, $target);
        $files = new \RecursiveIteratorIterator(
            new \RecursiveDirectoryIterator($target, \FilesystemIterator::SKIP_DOTS),
        );
        foreach ($files as $file) {
            \assert($file instanceof \SplFileInfo);
            touch($file->getPathname(), time() + 10 * $number);
        }

        return $target;
    }

    /** @return array{int, int} the parse row's "N files parsed, M from cache" */
    private function parsedAndCached(string $stderr): array
    {
        if (1 !== preg_match('{^\s+parse\s.*?(\d+) files? parsed, (\d+) from cache}m', $stderr, $match)) {
            self::fail('no parse row in the timing table: '.$stderr);
        }

        return [(int) $match[1], (int) $match[2]];
    }
}
