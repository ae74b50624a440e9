<?php

declare(strict_types=1);

namespace Preheat\Tests\Integration;

use PHPUnit\Framework\Attributes\Group;
use PHPUnit\Framework\TestCase;
use Preheat\Inventory\JitWorkerCommand;
use Preheat\Tests\Support\FixtureProjects;
use Preheat\Tests\Support\PreheatProcess;
use Preheat\Tests\Support\TemporaryDirectory;
use Symfony\Component\Process\Process;

/**
 * `generate -vv` and `verify -vv` say where their seconds went: every PHP boot named by what it was for,
 * no process left unnamed, and the spans within the wall time.
 */
#[Group('integration')]
final class GenerateTimingsTest extends TestCase
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

    public function testGenerateVeryVerbosePrintsTheTableWithEveryBootNamed(): void
    {
        $project = FixtureProjects::copy('cms', $this->directory);

        $process = PreheatProcess::run(['generate', '--project='.$project, '--no-cache', '-vv']);

        self::assertSame(0, $process->getExitCode(), $process->getErrorOutput());
        $stderr = $process->getErrorOutput();
        self::assertStringNotContainsString('Timings', $process->getOutput(), 'the table goes to stderr');
        foreach (['Timings', 'scan and stat', 'parse', 'plan', 'screen files', 'close over dependencies', 'write the script', 'verification', 'PHP boot: locate the PHP installation and its ini', 'PHP boot: baseline, no preload', 'PHP boot: with the script', 'not in any span', 'total'] as $line) {
            self::assertStringContainsString($line, $stderr);
        }
        self::assertStringNotContainsString('other process', $stderr, 'every process generate starts is named');
    }

    public function testALargeParseRunsUnderTheJitAndWritesTheSameScriptAsWithout(): void
    {
        if (null === JitWorkerCommand::forThisProcess()) {
            self::markTestSkipped('this PHP has no OPcache JIT (or PREHEAT_JIT=0)');
        }
        $project = $this->directory->path.'/many';
        mkdir($project.'/src', 0o777, true);
        for ($i = 1; $i <= 1100; ++$i) {
            file_put_contents($project."/src/C{$i}.php", "<?php\nnamespace App;\n"
                .'class C'.$i.(1 === $i ? '' : ' extends C'.($i - 1))." { public function f{$i}(): int { return $i; } }\n");
        }
        $scripts = [];
        foreach (['jit' => false, 'forked' => '0'] as $run => $environment) {
            $process = new Process(
                [\PHP_BINARY, \dirname(__DIR__, 2).'/bin/preheat', 'generate', '--project='.$project, '--no-cache', '-vv'],
                null,
                ['PREHEAT_JIT' => $environment],
                null,
                120,
            );
            $process->run();

            self::assertSame(0, $process->getExitCode(), $process->getErrorOutput());
            self::assertMatchesRegularExpression(
                'jit' === $run
                    ? '/^  parse .*1100 files parsed, 0 from cache, 2 workers under the JIT$/m'
                    : '/^  parse .*1100 files parsed, 0 from cache$/m',
                $process->getErrorOutput(),
            );
            $scripts[$run] = (string) file_get_contents($project.'/preload.php');
        }
        self::assertSame($scripts['forked'], $scripts['jit']);
        self::assertStringContainsString('Preloads: 1100 files, 1100 classes', $scripts['jit']);
    }

    public function testTheJsonTimingsAccountForEveryProcessWithinTheWallTime(): void
    {
        $project = FixtureProjects::copy('cms', $this->directory);

        $started = hrtime(true);
        [$result, $process] = PreheatProcess::json(['generate', '--project='.$project, '--no-cache', '-vv']);
        $outside = (hrtime(true) - $started) / 1e9;

        self::assertSame(0, $process->getExitCode(), $process->getErrorOutput());
        $timings = $result['timings'];
        $top = 0.0;
        $processes = 0;
        foreach ($timings['spans'] as $span) {
            $top += 0 === $span['depth'] ? $span['seconds'] : 0.0;
            $processes += $span['counts']['processes'] ?? 0;
            self::assertStringNotContainsString('other process', $span['name']);
        }
        self::assertGreaterThan(0.0, $top);
        self::assertLessThanOrEqual($timings['wall_seconds'] + 0.002, $top, 'the spans are within the wall time');
        self::assertLessThanOrEqual($outside, $timings['wall_seconds']);
        // Locating the PHP (php -i and its fpm), the baseline boot and the boot with the script, at least.
        self::assertGreaterThanOrEqual(3, $processes);
        self::assertSame($processes, $timings['processes']);

        [$plain] = PreheatProcess::json(['generate', '--project='.$project, '--no-cache']);
        self::assertArrayNotHasKey('timings', $plain, 'without -vv the JSON is as before');
    }

    public function testVerifyVeryVerbosePrintsItsBoots(): void
    {
        $project = FixtureProjects::copy('cms', $this->directory);
        self::assertSame(0, PreheatProcess::run(['generate', '--project='.$project, '--no-cache'])->getExitCode());

        $process = PreheatProcess::run(['verify', $project.'/preload.php', '-vv']);

        self::assertSame(0, $process->getExitCode(), $process->getOutput().$process->getErrorOutput());
        self::assertStringContainsString('PHP boot: baseline, no preload', $process->getErrorOutput());
        self::assertStringContainsString('PHP boot: with the script', $process->getErrorOutput());
        self::assertStringNotContainsString('other process', $process->getErrorOutput());
    }
}
