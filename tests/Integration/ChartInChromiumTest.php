<?php

declare(strict_types=1);

namespace Preheat\Tests\Integration;

use PHPUnit\Framework\Attributes\DataProvider;
use PHPUnit\Framework\Attributes\Group;
use PHPUnit\Framework\TestCase;
use Preheat\Tests\Support\BenchProcesses;
use Preheat\Tests\Support\ChartInspector;
use Preheat\Tests\Support\TemporaryDirectory;
use Symfony\Component\Process\Process;

/**
 * Every chart as a browser draws it: each golden chart, and the chart of a real (short) ladder bench, rendered in
 * headless Chromium with every text measured in the page. No text may leave its panel or the canvas, run into
 * another, or be cut with "…". The chart the bench drew before (tests/Fixtures/chart/cut-verdicts.svg, the
 * demo's, 8 of its 14 notes cut) must fail the same check.
 */
#[Group('integration')]
final class ChartInChromiumTest extends TestCase
{
    protected function setUp(): void
    {
        if (null === ChartInspector::binary()) {
            self::markTestSkipped('Chromium is not installed: scripts/install-deps.sh test installs it.');
        }
    }

    /** @return iterable<string, array{string}> */
    public static function goldenCharts(): iterable
    {
        foreach (glob(\dirname(__DIR__).'/Fixtures/golden/*.svg') ?: [] as $file) {
            yield basename($file) => [$file];
        }
    }

    #[DataProvider('goldenCharts')]
    public function testEveryTextOfAGoldenChartIsWholeAndInPlace(string $file): void
    {
        self::assertSame([], ChartInspector::problems((string) file_get_contents($file)));
    }

    public function testTheCheckFailsOnTheChartWhoseVerdictsWereCut(): void
    {
        $problems = ChartInspector::problems(
            (string) file_get_contents(\dirname(__DIR__).'/Fixtures/chart/cut-verdicts.svg'),
        );

        $cut = array_filter($problems, static fn (string $p): bool => str_starts_with($p, 'note ') && str_ends_with($p, 'is cut with "…"'));
        self::assertCount(8, $cut, implode("\n", $problems));
    }

    public function testTextRunningOutOfItsBoxOrTheCanvasIsFound(): void
    {
        $svg = '<svg xmlns="http://www.w3.org/2000/svg" width="200" height="100" viewBox="0 0 200 100" font-family="DejaVu Sans">'
            .'<g data-box="0 0 100 100"><text class="note" x="10" y="30" font-size="12">a note far too long for its box</text></g>'
            .'<text class="title" x="150" y="60" font-size="12">past the canvas</text></svg>';

        $problems = ChartInspector::problems($svg);

        self::assertContains('note "a note far too long for its box" overflows its box on the right by 99.9 px', array_map(
            static fn (string $p): string => (string) preg_replace('/by [\d.]+ px/', 'by 99.9 px', $p),
            $problems,
        ));
        self::assertNotEmpty(array_filter($problems, static fn (string $p): bool => str_starts_with($p, 'title "past the canvas" overflows the canvas on the right')));
    }

    public function testTheChartOfARealLadderBenchShowsEveryTextWhole(): void
    {
        $directory = new TemporaryDirectory();
        try {
            // php-fpm's workers run as the pool's user (www-data when the tests run as root): they read the app.
            chmod($directory->path, 0755);
            $app = $directory->path.'/app';
            (new Process(['cp', '-R', \dirname(__DIR__).'/Fixtures/bench/composer-app', $app]))->mustRun();
            (new Process(['composer', 'install', '--no-interaction', '--quiet'], $app, ['COMPOSER_ALLOW_SUPERUSER' => '1', 'COMPOSER_DISABLE_NETWORK' => '1'], null, 120))->mustRun();
            $out = $directory->path.'/report';

            $process = new Process([
                \PHP_BINARY, \dirname(__DIR__, 2).'/bin/preheat', 'bench', '--project='.$app, '--ladder',
                '--rounds=3', '--max-time=0', '--duration=1', '--warmup=0', '--concurrency=1', '--workers=1', '--out='.$out,
            ], null, null, null, 300);
            $process->run();

            self::assertSame(0, $process->getExitCode(), $process->getErrorOutput());
            $svg = (string) file_get_contents($out.'/chart.svg');
            self::assertStringContainsString('each rung over the rung below', $svg);
            self::assertSame([], ChartInspector::problems($svg));
        } finally {
            $directory->remove();
            self::assertSame([], BenchProcesses::leftBehind(), 'no server may survive the bench');
        }
    }
}
