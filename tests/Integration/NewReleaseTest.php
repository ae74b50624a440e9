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

    public function testANewReleaseOfTheSameFilesReusesTheVerificationAndOneChangedByteVerifiesAgain(): void
    {
        $ini = $this->directory->path.'/php.ini';
        file_put_contents($ini, "opcache.enable=1\nopcache.enable_cli=1\nmemory_limit=256M\n");
        $first = $this->release(1, 'clean');
        $verified = $this->verifiedGenerate($first, $ini);
        self::assertFalse($verified['reused']);
        self::assertTrue($this->bootedTheScript($verified));

        $second = $this->release(2, 'clean');
        $release = $this->verifiedGenerate($second, $ini);
        self::assertTrue($release['reused'], 'the same files at another path');
        self::assertSame([], $this->boots($release), 'no PHP started');
        self::assertSame(file_get_contents($first.'/preload.php'), file_get_contents($second.'/preload.php'));
        $moved = str_replace('releases/1', 'releases/2', (string) json_encode($verified['verification'], \JSON_UNESCAPED_SLASHES));
        self::assertSame(
            json_decode($moved, true),
            $release['verification'],
            'the first release\'s report, with the second\'s paths',
        );
        self::assertTrue($this->verifiedGenerate($second, $ini)['reused'], 'and an unchanged re-run there');
        $text = PreheatProcess::run([
            'generate', '--project='.$this->release(4, 'clean'), '--ini='.$ini, '--cache-dir='.$this->directory->path.'/cache',
        ]);
        self::assertSame(0, $text->getExitCode(), $text->getErrorOutput());
        self::assertStringContainsString(
            'Wrote '.$this->directory->path.'/releases/4/preload.php: the same files as a release verified before',
            $text->getOutput(),
        );

        $third = $this->release(3, 'clean');
        $controller = $third.'/src/Controller/Controller.php';
        file_put_contents($controller, (string) file_get_contents($controller).' ');
        $changed = $this->verifiedGenerate($third, $ini);
        self::assertFalse($changed['reused'], 'one byte more in one file');
        self::assertTrue($this->bootedTheScript($changed));
    }

    /** @return array<string, mixed> */
    private function verifiedGenerate(string $project, string $ini): array
    {
        [$result, $process] = PreheatProcess::json(
            ['generate', '--project='.$project, '--ini='.$ini, '--cache-dir='.$this->directory->path.'/cache', '-vv'],
        );
        self::assertSame(0, $process->getExitCode(), $process->getErrorOutput());

        return $result;
    }

    /** @param array<string, mixed> $result */
    private function bootedTheScript(array $result): bool
    {
        return [] !== array_filter(
            $this->boots($result),
            static fn (string $name): bool => str_starts_with($name, 'PHP boot: with the script'),
        );
    }

    /**
     * @param array<string, mixed> $result
     *
     * @return list<string> the spans that started processes, by name
     */
    private function boots(array $result): array
    {
        $boots = [];
        foreach ($result['timings']['spans'] as $span) {
            if (($span['counts']['processes'] ?? 0) > 0) {
                $boots[] = (string) $span['name'];
            }
        }

        return $boots;
    }

    private function release(int $number, string $fixture = 'cms'): string
    {
        $copy = FixtureProjects::copy($fixture, $this->directory);
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
