<?php

declare(strict_types=1);

namespace Preheat\Tests\Integration;

use PHPUnit\Framework\Attributes\Group;
use PHPUnit\Framework\TestCase;
use Preheat\Tests\Support\BenchProcesses;
use Preheat\Tests\Support\TemporaryDirectory;
use Symfony\Component\Process\Process;

/**
 * `bench --baseline` and `--assert` on real runs: a page made slower by CPU work (a file the test flips), run
 * slow, then fast against the slow run (an improvement: exit 0), then slow again against the fast run (a
 * regression: exit 1). Short runs, exactly the rounds asked for.
 */
#[Group('integration')]
final class BenchCompareTest extends TestCase
{
    private const SHORT = [
        '--scenario=none',
        '--scenario=all',
        '--url=/work',
        '--rounds=3',
        '--max-time=0',
        '--duration=1',
        '--warmup=0',
        '--concurrency=2',
        '--workers=2',
    ];

    private TemporaryDirectory $directory;
    private string $counter;

    protected function setUp(): void
    {
        $this->directory = new TemporaryDirectory();
        chmod($this->directory->path, 0777);
        $this->counter = $this->directory->path.'/counter';
    }

    protected function tearDown(): void
    {
        $this->directory->remove();
        self::assertSame([], BenchProcesses::leftBehind(), 'no php-fpm, nginx or apache2 may survive a benchmark');
    }

    public function testAnImprovementPassesAndARegressionFailsAgainstTheEarlierRun(): void
    {
        $slow = $this->directory->path.'/slow';
        $fast = $this->directory->path.'/fast';
        touch($this->counter.'.slow');
        $first = $this->bench(['--out='.$slow]);
        self::assertSame(0, $first->getExitCode(), $first->getErrorOutput());

        unlink($this->counter.'.slow');
        $improved = $this->bench([
            '--baseline='.$slow.'/report.json',
            '--assert=all.change >= 10%',
            '--assert=none.change >= 10%',
            '--assert=*.warnings == 0',
            '--format=json',
            '--out='.$fast,
        ]);
        $report = json_decode($improved->getOutput(), true);
        self::assertIsArray($report, $improved->getErrorOutput());
        self::assertSame(0, $improved->getExitCode(), $improved->getOutput().$improved->getErrorOutput());
        self::assertTrue($report['comparison']['comparable']);
        self::assertSame('cpuPerRequest', $report['comparison']['metric']);
        [$none, $all] = $report['comparison']['scenarios'];
        self::assertSame('faster', $none['change']['verdict']);
        self::assertSame('faster', $all['change']['verdict']);
        self::assertGreaterThan(0.1, $all['change']['ciLow']);
        self::assertTrue($report['assertions']['passed']);
        self::assertCount(4, $report['assertions']['results'], 'the * assertion once per scenario');
        self::assertArrayHasKey('comparison', json_decode((string) file_get_contents($fast.'/report.json'), true));
        self::assertStringContainsString('## Assertions', (string) file_get_contents($fast.'/report.md'));

        touch($this->counter.'.slow');
        $regressed = $this->bench([
            '--baseline='.$fast.'/report.json',
            '--assert=all.change >= -2%',
            '--assert=all.warnings == 0',
        ]);
        $text = $regressed->getOutput();
        self::assertSame(1, $regressed->getExitCode(), $text.$regressed->getErrorOutput());
        self::assertMatchesRegularExpression('/  all: -\d+\.\d% \(95% CI -[\d.]+% … -[\d.]+%\), slower/', $text);
        self::assertMatchesRegularExpression('/✗ all\.change >= -2%: -[\d.]+% \(95% CI .*\), wholly below -2\.0%/', $text);
        self::assertStringContainsString('✓ all.warnings == 0: 0', $text);
        self::assertStringContainsString('Assertions, 1 of 2 held', $text);
    }

    public function testABadReportOrExpressionIsRefusedBeforeAnyServerStarts(): void
    {
        file_put_contents($this->directory->path.'/bad.json', '{"version": 4, "scenarios": ');
        $bad = $this->bench(['--baseline='.$this->directory->path.'/bad.json']);
        self::assertSame(2, $bad->getExitCode());
        self::assertStringContainsString('Cannot compare with the earlier report '.$this->directory->path.'/bad.json: it is not JSON', $bad->getErrorOutput());

        $expression = $this->bench(['--assert=all.gian >= 10%']);
        self::assertSame(2, $expression->getExitCode());
        self::assertStringContainsString('Invalid assertion "all.gian >= 10%" at column 5: unknown property "gian"; one of gain, change, memory, startup, warnings. (option --assert)', $expression->getErrorOutput());

        $change = $this->bench(['--assert=all.change >= -2%']);
        self::assertSame(2, $change->getExitCode());
        self::assertStringContainsString('a change is measured against an earlier run: name the report.json it wrote, as in `preheat bench --baseline=REPORT.json`. (option --assert)', $change->getErrorOutput());
        self::assertStringNotContainsString('Scenario none', $change->getErrorOutput(), 'refused before any server starts');
    }

    /** @param list<string> $arguments */
    private function bench(array $arguments): Process
    {
        $process = new Process(
            [\PHP_BINARY, \dirname(__DIR__, 2).'/bin/preheat', 'bench', '--project='.\dirname(__DIR__).'/Fixtures/bench/app', ...self::SHORT, ...$arguments],
            null,
            ['PREHEAT_FIXTURE_COUNTER' => $this->counter],
            null,
            120,
        );
        $process->run();

        return $process;
    }
}
