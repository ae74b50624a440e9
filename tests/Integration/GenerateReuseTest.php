<?php

declare(strict_types=1);

namespace Preheat\Tests\Integration;

use PHPUnit\Framework\Attributes\Group;
use PHPUnit\Framework\TestCase;
use Preheat\Tests\Support\FixtureProjects;
use Preheat\Tests\Support\PreheatProcess;
use Preheat\Tests\Support\TemporaryDirectory;

/**
 * A second `generate` on an unchanged tree, with the same options, PHP and ini, keeps the verified script
 * and boots no PHP with it; --reverify, a touched file or a changed ini verify again. Composer's files written
 * again with the same bytes, or another of Preheat's scripts beside it, change nothing; a script verified again
 * that comes out the same is not written again.
 */
#[Group('integration')]
final class GenerateReuseTest extends TestCase
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

    public function testAnUnchangedRerunKeepsTheScriptWithoutBootingPhp(): void
    {
        $project = FixtureProjects::copy('clean', $this->directory);
        $ini = $this->ini($project);

        $first = $this->generate($project, $ini);
        self::assertFalse($first['reused']);
        self::assertTrue($first['written']);
        self::assertTrue($this->bootedTheScript($first));
        $script = (string) file_get_contents($project.'/preload.php');
        clearstatcache();
        $inode = fileinode($project.'/preload.php');

        $second = $this->generate($project, $ini);
        self::assertTrue($second['reused']);
        self::assertTrue($second['written']);
        // No process at all: no boot with the script, no baseline, and the installation's probes answered as the
        // first run's did (ProbeCache), the PHP binaries and ini files being as they were.
        self::assertSame([], $this->boots($second));
        self::assertSame($first['verification'], $second['verification'], 'the last verification, as it said');
        self::assertSame($first['plan'], $second['plan'], 'the plan, as it said');
        $spans = array_map(static fn (array $span): string => (string) $span['name'], $second['timings']['spans']);
        self::assertNotContains('plan', $spans, 'the plan the record keeps, not planned again');
        self::assertSame($script, file_get_contents($project.'/preload.php'));
        clearstatcache();
        self::assertSame($inode, fileinode($project.'/preload.php'), 'the script is not written again');

        $text = PreheatProcess::run(['generate', '--project='.$project, '--ini='.$ini, $this->cache()]);
        self::assertSame(0, $text->getExitCode(), $text->getErrorOutput());
        self::assertStringContainsString(
            'Kept '.$project.'/preload.php: unchanged since its last verification (--reverify boots PHP again)',
            $text->getOutput(),
        );
    }

    public function testReverifyBoots(): void
    {
        $project = FixtureProjects::copy('clean', $this->directory);
        $ini = $this->ini($project);
        $this->generate($project, $ini);

        $again = $this->generate($project, $ini, '--reverify');

        self::assertFalse($again['reused']);
        self::assertTrue($this->bootedTheScript($again));
        self::assertTrue($this->generate($project, $ini)['reused'], '--reverify itself is no change');
    }

    public function testATouchedFileOrAChangedIniVerifiesAgain(): void
    {
        $project = FixtureProjects::copy('clean', $this->directory);
        $ini = $this->ini($project);
        $this->generate($project, $ini);

        touch($project.'/src/Controller/Controller.php', time() + 5);
        $touched = $this->generate($project, $ini);
        self::assertFalse($touched['reused']);
        self::assertTrue($this->bootedTheScript($touched));
        $unchanged = $this->generate($project, $ini);
        self::assertTrue($unchanged['reused']);

        file_put_contents($ini, "\n; changed\n", \FILE_APPEND);
        $changed = $this->generate($project, $ini);
        self::assertFalse($changed['reused']);
        self::assertTrue($this->bootedTheScript($changed));
        self::assertContains(
            'PHP boot: locate the PHP installation and its ini',
            $this->boots($changed),
            'the settings of the changed ini asked again',
        );

        $other = $this->generate($project, $ini, '--strict');
        self::assertFalse($other['reused'], 'another option verifies again');
    }

    public function testComposerWritingItsFilesAgainWithTheSameBytesKeepsTheVerificationAndTheScript(): void
    {
        $project = FixtureProjects::copy('clean', $this->directory);
        $ini = $this->ini($project);
        // What `composer install` leaves besides the fixture's autoload_psr4.php.
        file_put_contents($project.'/vendor/autoload.php', "<?php\n\nreturn require __DIR__.'/composer/autoload_real.php';\n");
        file_put_contents($project.'/vendor/composer/autoload_real.php', "<?php\n\nreturn null;\n");
        file_put_contents($project.'/vendor/composer/installed.php', "<?php return ['root' => [], 'versions' => []];\n");
        file_put_contents($project.'/vendor/composer/installed.json', "{\"packages\": []}\n");
        $this->generate($project, $ini);
        [$mtime, $inode] = $this->scriptStat($project);

        // As `composer install` with nothing to install or `dump-autoload` may: new files, the same bytes, later.
        $dumped = [$project.'/vendor/autoload.php', $project.'/vendor/composer/installed.json',
            ...(glob($project.'/vendor/composer/*.php') ?: [])];
        self::assertCount(5, $dumped);
        foreach ($dumped as $file) {
            $bytes = (string) file_get_contents($file);
            unlink($file);
            file_put_contents($file, $bytes);
            touch($file, time() + 10);
        }
        $again = $this->generate($project, $ini);

        self::assertTrue($again['reused'], 'Composer\'s files have the same bytes');
        self::assertFalse($this->bootedTheScript($again));
        self::assertSame([$mtime, $inode], $this->scriptStat($project), 'the script is not written again');

        file_put_contents($project.'/vendor/composer/installed.php', "<?php return ['root' => [], 'versions' => [1]];\n");
        self::assertFalse($this->generate($project, $ini)['reused'], 'other bytes verify again');
    }

    public function testAScriptVerifiedAgainWithTheSameBytesKeepsItsMtime(): void
    {
        $project = FixtureProjects::copy('clean', $this->directory);
        $ini = $this->ini($project);
        $this->generate($project, $ini);
        [$mtime, $inode] = $this->scriptStat($project);
        // Not reused (a file touched), but the same script: `preheat status` must not see it as newer than php-fpm.
        touch($project.'/src/Controller/Controller.php', time() + 10);
        sleep(1);

        $again = $this->generate($project, $ini);

        self::assertFalse($again['reused']);
        self::assertTrue($this->bootedTheScript($again));
        self::assertSame([$mtime, $inode], $this->scriptStat($project));
        self::assertSame([], glob($project.'/.preload.php.*') ?: [], 'no candidate left');
    }

    public function testAnotherPreheatScriptInTheProjectRootDoesNotStopReuse(): void
    {
        $project = FixtureProjects::copy('clean', $this->directory);
        $ini = $this->ini($project);
        $this->generate($project, $ini);
        $output = '--output='.$project.'/preload2.php';

        $first = $this->generate($project, $ini, $output);
        self::assertFalse($first['reused']);
        $mtime = filemtime($project.'/preload2.php');
        sleep(1);
        $second = $this->generate($project, $ini, $output);

        self::assertTrue($second['reused'], 'neither script is the app\'s code');
        self::assertFalse($this->bootedTheScript($second));
        clearstatcache();
        self::assertSame($mtime, filemtime($project.'/preload2.php'));
        self::assertTrue($this->generate($project, $ini)['reused'], 'nor for the first script');
    }

    /** @return array{int|false, int|false} the script's mtime and inode */
    private function scriptStat(string $project): array
    {
        clearstatcache();

        return [filemtime($project.'/preload.php'), fileinode($project.'/preload.php')];
    }

    /** @return array<string, mixed> */
    private function generate(string $project, string $ini, string ...$more): array
    {
        [$result, $process] = PreheatProcess::json(
            ['generate', '--project='.$project, '--ini='.$ini, $this->cache(), '-vv', ...array_values($more)],
        );
        self::assertSame(0, $process->getExitCode(), $process->getErrorOutput());

        return $result;
    }

    private function cache(): string
    {
        return '--cache-dir='.$this->directory->path.'/cache';
    }

    /** A php.ini of the test's own, so that changing it touches nothing else. */
    private function ini(string $project): string
    {
        $ini = $project.'/php.ini';
        file_put_contents($ini, "opcache.enable=1\nopcache.enable_cli=1\nmemory_limit=256M\n");

        return $ini;
    }

    /** @param array<string, mixed> $result */
    private function bootedTheScript(array $result): bool
    {
        // As root the span names the preload user too.
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
}
