<?php

declare(strict_types=1);

namespace Preheat\Tests\Integration;

use PHPUnit\Framework\Attributes\DataProvider;
use PHPUnit\Framework\Attributes\Group;
use PHPUnit\Framework\TestCase;
use Preheat\Tests\Support\BenchProcesses;
use Preheat\Tests\Support\TemporaryDirectory;
use Symfony\Component\Process\Process;

/**
 * The gate on what real apps do to their pages beyond tokens and times: a page cache keyed by the absolute
 * URL (each scenario has its own port, yet must see the baseline's cached render) and an address written
 * with a random mix of character references on every request. Identical scenarios pass; the canary (a
 * preload that breaks a page) is BenchCommandTest's.
 */
#[Group('integration')]
final class BenchGateOnRealAppsTest extends TestCase
{
    private const SHORT = ['--rounds=1', '--max-time=0', '--duration=1', '--warmup=0', '--concurrency=2', '--workers=2'];

    private TemporaryDirectory $directory;

    protected function setUp(): void
    {
        $this->directory = new TemporaryDirectory();
        // The workers run as the pool's user (www-data when the tests run as root): they write the page cache.
        chmod($this->directory->path, 0777);
    }

    protected function tearDown(): void
    {
        $this->directory->remove();
        self::assertSame([], BenchProcesses::leftBehind(), 'no php-fpm, nginx or apache2 may survive a benchmark');
    }

    /** @return iterable<string, array{string}> */
    public static function runtimes(): iterable
    {
        yield 'nginx + php-fpm' => ['fpm'];
        yield 'Apache + mod_php' => ['mod_php'];
        yield 'persistent workers' => ['worker'];
    }

    #[DataProvider('runtimes')]
    public function testAPageCacheKeyedByTheAbsoluteUrlServesEveryScenarioTheBaselinesRender(string $runtime): void
    {
        $process = $this->bench(['--runtime='.$runtime, '--scenario=none', '--scenario=again=none', '--url=/cached', '--url=/']);

        self::assertSame(0, $process->getExitCode(), $process->getErrorOutput().$process->getOutput());
        self::assertStringContainsString('Pages checked: 2 scenario(s) serve them correctly', $process->getErrorOutput());
        $cached = glob($this->directory->path.'/page-cache/*.html') ?: [];
        self::assertCount(1, $cached, 'every scenario asked for the page under the same host and port');
        self::assertStringContainsString('<div id="view-', (string) file_get_contents($cached[0]));
    }

    public function testAnAddressWrittenWithRandomCharacterReferencesPasses(): void
    {
        $process = $this->bench(['--scenario=none', '--scenario=again=none', '--url=/contact']);

        self::assertSame(0, $process->getExitCode(), $process->getErrorOutput().$process->getOutput());
        self::assertStringContainsString('Pages checked: 2 scenario(s) serve them correctly', $process->getErrorOutput());
    }

    /** @param list<string> $arguments */
    private function bench(array $arguments): Process
    {
        $process = new Process(
            [\PHP_BINARY, \dirname(__DIR__, 2).'/bin/preheat', 'bench', '--project='.\dirname(__DIR__).'/Fixtures/bench/app', ...self::SHORT, ...$arguments],
            null,
            ['PREHEAT_FIXTURE_COUNTER' => $this->directory->path.'/counter'],
            null,
            180,
        );
        $process->run();

        return $process;
    }
}
