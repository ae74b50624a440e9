<?php

declare(strict_types=1);

namespace Preheat\Tests\Integration;

use PHPUnit\Framework\Attributes\Group;
use PHPUnit\Framework\TestCase;
use Preheat\Tests\Support\BenchProcesses;
use Preheat\Tests\Support\FixtureProjects;
use Preheat\Tests\Support\PreheatProcess;
use Preheat\Tests\Support\TemporaryDirectory;

/** Counts this machine cannot hold are refused before anything starts, from the command line and from preheat.json alike. */
#[Group('integration')]
#[Group('faults')]
final class ResourceBoundsTest extends TestCase
{
    private TemporaryDirectory $directory;

    protected function setUp(): void
    {
        $this->directory = new TemporaryDirectory();
    }

    protected function tearDown(): void
    {
        $this->directory->remove();
        self::assertSame([], BenchProcesses::leftBehind(), 'nothing was started');
    }

    public function testAHundredThousandWorkersOnTheCommandLineAreRefused(): void
    {
        $process = PreheatProcess::run(['bench', '--project='.self::app(), '--workers=100000']);

        self::assertSame(2, $process->getExitCode(), $process->getErrorOutput());
        self::assertStringContainsString('preheat bench: Invalid workers 100000: ', $process->getErrorOutput());
        self::assertStringContainsString('lower --workers (preheat.json: bench.workers)', $process->getErrorOutput());
    }

    public function testAHundredThousandWorkersInPreheatJsonAreRefused(): void
    {
        $config = $this->directory->path.'/preheat.json';
        file_put_contents($config, '{"bench": {"workers": 100000}}');
        $process = PreheatProcess::run(['bench', '--project='.self::app(), '--config='.$config]);

        self::assertSame(2, $process->getExitCode(), $process->getErrorOutput());
        self::assertStringContainsString('Invalid workers 100000: ', $process->getErrorOutput());
    }

    public function testTraceRefusesTheSameCounts(): void
    {
        $config = $this->directory->path.'/preheat.json';
        file_put_contents($config, '{"bench": {"workers": 100000}}');
        $process = PreheatProcess::run(['generate', '--project='.self::app(), '--strategy=trace', '--url=/', '--config='.$config, '--output='.$this->directory->path.'/preload.php']);

        self::assertSame(2, $process->getExitCode(), $process->getErrorOutput());
        self::assertStringContainsString('Invalid workers 100000: ', $process->getErrorOutput());
    }

    public function testConcurrencyRoundsAndTimesBeyondTheirBoundsAreRefused(): void
    {
        foreach (['--concurrency=100000' => 'Invalid concurrency 100000: ', '--rounds=100000' => 'Invalid rounds 100000: at most 10000', '--duration=86400' => 'Invalid duration 86400: at most 3600', '--max-time=30d' => 'Invalid ', '--restart-every=99999' => 'Invalid restartEvery 99999: at most 10000'] as $option => $message) {
            $process = PreheatProcess::run(['bench', '--project='.self::app(), $option]);

            self::assertSame(2, $process->getExitCode(), $option.': '.$process->getErrorOutput());
            self::assertStringContainsString($message, $process->getErrorOutput(), $option);
        }
    }

    public function testRecordBoundsItsCounts(): void
    {
        $project = FixtureProjects::copy('clean', $this->directory);
        $process = PreheatProcess::run(['record', '--project='.$project, '--batch=999999999']);

        self::assertSame(2, $process->getExitCode(), $process->getErrorOutput());
        self::assertStringContainsString('--batch must be at most 100000, got 999999999.', $process->getErrorOutput());
    }

    private static function app(): string
    {
        return \dirname(__DIR__).'/Fixtures/bench/app';
    }
}
