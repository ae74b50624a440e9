<?php

declare(strict_types=1);

namespace Preheat\Tests\Integration;

use PHPUnit\Framework\Attributes\Group;
use PHPUnit\Framework\TestCase;
use Preheat\Tests\Support\BenchProcesses;
use Preheat\Tests\Support\FixtureProjects;
use Preheat\Tests\Support\PreheatProcess;
use Preheat\Tests\Support\TemporaryDirectory;
use Preheat\Usage\FileUsageStore;
use Preheat\Usage\UsageBatch;
use Symfony\Component\Process\Process;

/**
 * The strategies that learn from traffic, end to end: generate --strategy=hot from a usage store,
 * --strategy=trace through a real php-fpm + nginx, and the bench scenarios hot, trace and record.
 */
#[Group('integration')]
final class HotStrategyTest extends TestCase
{
    private TemporaryDirectory $directory;

    protected function setUp(): void
    {
        $this->directory = new TemporaryDirectory();
    }

    protected function tearDown(): void
    {
        $this->directory->remove();
        self::assertSame([], BenchProcesses::leftBehind());
    }

    public function testHotPreloadsWhatTrafficLoadsMostWithWhatItLinksTo(): void
    {
        $project = FixtureProjects::copy('clean', $this->directory);
        $store = $this->directory->path.'/usage.log';
        (new FileUsageStore($store))->append(new UsageBatch(100, [
            $project.'/src/Controller/HomeController.php' => 100,
            $project.'/vendor/acme/container/src/functions.php' => 3,
        ], 1_700_000_000, 1_700_000_600, 'web-1'));

        [$result, $process] = PreheatProcess::json(['generate', '--project='.$project, '--strategy=hot', '--usage='.$store, '--min-share=0.05', '--no-cache', '--strict']);

        self::assertSame(0, $process->getExitCode(), $process->getErrorOutput());
        self::assertSame('hot', $result['plan']['strategy']);
        self::assertSame(['src/Controller/Controller.php', 'src/Controller/HomeController.php'], array_column($result['plan']['included'], 'file'));
        self::assertSame(1, $result['selection']['chosen']);
        self::assertStringContainsString('under the minimum share', $result['selection']['skipped'][$project.'/vendor/acme/container/src/functions.php']);
        self::assertSame(2, $result['verification']['preloaded']['classes']);
    }

    public function testTheAutomaticBudgetStopsAtTheKneeWhereCountedTakesEveryCountedFile(): void
    {
        $project = FixtureProjects::copy('clean', $this->directory);
        $store = $this->directory->path.'/usage.log';
        (new FileUsageStore($store))->append(new UsageBatch(100, [
            $project.'/src/Controller/HomeController.php' => 100,
            $project.'/vendor/acme/container/src/Container.php' => 2,
            $project.'/vendor/acme/container/src/functions.php' => 1,
        ], 1_700_000_000, 1_700_000_600, 'web-1'));

        [$hot, $process] = PreheatProcess::json(['generate', '--project='.$project, '--strategy=hot', '--usage='.$store, '--budget=auto', '--no-cache']);
        self::assertSame(0, $process->getExitCode(), $process->getErrorOutput());
        [$counted, $process] = PreheatProcess::json(['generate', '--project='.$project, '--strategy=counted', '--usage='.$store, '--no-cache']);
        self::assertSame(0, $process->getExitCode(), $process->getErrorOutput());

        self::assertSame(['src/Controller/Controller.php', 'src/Controller/HomeController.php'], array_column($hot['plan']['included'], 'file'));
        self::assertStringStartsWith('past the knee', $hot['selection']['skipped'][$project.'/vendor/acme/container/src/Container.php']);
        self::assertGreaterThan(0, $hot['selection']['kneeLoadsPerMb']);
        self::assertSame('counted', $counted['plan']['strategy']);
        self::assertSame(3, $counted['selection']['chosen']);
        self::assertNull($counted['selection']['kneeLoadsPerMb']);
        self::assertCount(6, $counted['plan']['included']);
    }

    public function testABudgetTooSmallForAnythingPreloadsNothingRatherThanTooMuch(): void
    {
        $project = FixtureProjects::copy('clean', $this->directory);
        $store = $this->directory->path.'/usage.log';
        (new FileUsageStore($store))->append(new UsageBatch(10, [$project.'/src/Controller/HomeController.php' => 10], 1, 2));

        [$result, $process] = PreheatProcess::json(['generate', '--project='.$project, '--strategy=hot', '--usage='.$store, '--budget=10', '--no-cache']);

        self::assertSame(0, $process->getExitCode(), $process->getErrorOutput());
        self::assertSame([], $result['plan']['included']);
        self::assertStringStartsWith('over the budget', $result['selection']['skipped'][$project.'/src/Controller/HomeController.php']);
    }

    public function testHotNeedsAUsageStoreWithTraffic(): void
    {
        $project = FixtureProjects::copy('clean', $this->directory);

        $missing = PreheatProcess::run(['generate', '--project='.$project, '--strategy=hot']);
        self::assertSame(2, $missing->getExitCode());
        self::assertStringContainsString('--strategy=hot needs --store=STORE', $missing->getErrorOutput());

        touch($this->directory->path.'/empty.log');
        $empty = PreheatProcess::run(['generate', '--project='.$project, '--strategy=hot', '--usage='.$this->directory->path.'/empty.log']);
        self::assertSame(2, $empty->getExitCode());
        self::assertStringContainsString('No traffic recorded yet', $empty->getErrorOutput());
    }

    public function testTraceTakesWhatRequestsToTheAppLoad(): void
    {
        $app = $this->benchApp();

        [$result, $process] = PreheatProcess::json(['generate', '--project='.$app, '--strategy=trace', '--url=/', '--no-cache', '--strict']);

        self::assertSame(0, $process->getExitCode(), $process->getErrorOutput());
        self::assertSame('trace', $result['plan']['strategy']);
        self::assertSame(['src/Renderable.php', 'src/Page.php', 'src/HomePage.php'], array_column($result['plan']['included'], 'file'));
        self::assertSame(3, $result['selection']['requests']);
        self::assertArrayHasKey($app.'/src/Greeting.php', $result['selection']['skipped'], 'loaded, but its define() keeps it out');
    }

    public function testTraceServesTheAppAsTheConfigFileGivenSays(): void
    {
        $app = $this->benchApp();
        // The project's own preheat.json is broken: only the file given with --config may be read.
        file_put_contents($app.'/preheat.json', json_encode(['bench' => ['duraton' => 1]]));
        $config = $this->directory->path.'/bench.json';
        file_put_contents($config, json_encode(['bench' => ['workers' => 1]]));

        [$result, $process] = PreheatProcess::json(['generate', '--project='.$app, '--strategy=trace', '--url=/', '--config='.$config, '--no-cache']);

        self::assertSame(0, $process->getExitCode(), $process->getErrorOutput());
        self::assertSame(['src/Renderable.php', 'src/Page.php', 'src/HomePage.php'], array_column($result['plan']['included'], 'file'));

        file_put_contents($config, json_encode(['bench' => ['wokers' => 1]]));
        $typo = PreheatProcess::run(['generate', '--project='.$app, '--strategy=trace', '--url=/', '--config='.$config]);
        self::assertSame(2, $typo->getExitCode());
        self::assertStringContainsString($config, $typo->getErrorOutput());
        self::assertStringContainsString('unknown key "bench.wokers"', $typo->getErrorOutput());

        $paths = PreheatProcess::run(['generate', '--project='.$app, '--config='.$config]);
        self::assertSame(2, $paths->getExitCode());
        self::assertStringContainsString('--config goes with --strategy=trace', $paths->getErrorOutput());
    }

    public function testTheBenchTraceScenarioUsesTheConfigFileGiven(): void
    {
        $app = $this->benchApp();
        file_put_contents($app.'/preheat.json', json_encode(['bench' => ['duraton' => 1]]));
        $config = $this->directory->path.'/bench.json';
        file_put_contents($config, json_encode(['bench' => ['urls' => ['/'], 'workers' => 1]]));
        $process = new Process([
            \PHP_BINARY, \dirname(__DIR__, 2).'/bin/preheat', 'bench', '--project='.$app, '--config='.$config, '--format=json',
            '--scenario=none', '--scenario=trace', '--rounds=1', '--max-time=0', '--duration=1', '--warmup=0', '--concurrency=1',
        ], null, null, null, 180);
        $process->run();
        $report = json_decode($process->getOutput(), true);

        self::assertSame(0, $process->getExitCode(), $process->getErrorOutput());
        self::assertIsArray($report);
        self::assertTrue($report['scenarios'][1]['measured'], json_encode($report['scenarios'][1]['problems']) ?: '');
        self::assertSame(3, $report['scenarios'][1]['preload']['classes']);
    }

    public function testBenchScenariosHotTraceAndRecord(): void
    {
        $app = $this->benchApp();
        file_put_contents($app.'/preheat.json', json_encode(['bench' => ['recordSeconds' => 1, 'recorderSample' => 2]]));
        $process = new Process([
            \PHP_BINARY, \dirname(__DIR__, 2).'/bin/preheat', 'bench', '--project='.$app, '--format=json',
            '--scenario=none', '--scenario=hot', '--scenario=trace', '--scenario=record', '--url=/', '--url=/api',
            '--rounds=2', '--max-time=0', '--duration=1', '--warmup=0', '--concurrency=2', '--workers=2',
        ], null, null, null, 180);
        $process->run();
        $report = json_decode($process->getOutput(), true);

        self::assertSame(0, $process->getExitCode(), $process->getErrorOutput());
        self::assertIsArray($report);
        $scenarios = array_column($report['scenarios'], null, 'name');
        foreach (['none', 'hot', 'trace', 'record'] as $name) {
            self::assertTrue($scenarios[$name]['measured'], $name.': '.json_encode($scenarios[$name]['problems']));
        }
        self::assertSame(3, $scenarios['hot']['preload']['classes']);
        self::assertSame(3, $scenarios['trace']['preload']['classes']);
        self::assertSame(0, $scenarios['record']['preload']['classes']);
        self::assertStringContainsString('recorder on (1 in 2 requests)', $scenarios['record']['preparation']);
        self::assertStringContainsString('Recorded', $process->getErrorOutput());
    }

    private function benchApp(): string
    {
        $app = $this->directory->path.'/app';
        (new Process(['cp', '-R', \dirname(__DIR__).'/Fixtures/bench/app', $app]))->mustRun();

        return $app;
    }
}
