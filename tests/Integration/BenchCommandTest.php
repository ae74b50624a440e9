<?php

declare(strict_types=1);

namespace Preheat\Tests\Integration;

use PHPUnit\Framework\Attributes\Group;
use PHPUnit\Framework\TestCase;
use Preheat\Tests\Support\BenchProcesses;
use Preheat\Tests\Support\TemporaryDirectory;
use Symfony\Component\Process\Process;

/**
 * `preheat bench` against real php-fpm and nginx on loopback, with short runs: the gate, void runs,
 * a server that dies, bad input, the JSON shape, and that nothing is left running.
 */
#[Group('integration')]
final class BenchCommandTest extends TestCase
{
    /** Exactly the rounds asked for (no time for more): the tests stay short. */
    private const SHORT = ['--rounds=2', '--max-time=0', '--duration=1', '--warmup=0', '--concurrency=2', '--workers=2'];

    private TemporaryDirectory $directory;
    private string $counter;

    protected function setUp(): void
    {
        $this->directory = new TemporaryDirectory();
        // php-fpm's workers run as the pool's user (www-data when the tests run as root): they write the counter.
        chmod($this->directory->path, 0777);
        $this->counter = $this->directory->path.'/counter';
    }

    protected function tearDown(): void
    {
        $this->directory->remove();
        self::assertSame([], BenchProcesses::leftBehind(), 'no php-fpm, nginx or apache2 may survive a benchmark');
    }

    public function testHotReadsTheStoreTheOptionNamesOverPreheatJsons(): void
    {
        $project = $this->directory->path.'/app';
        (new Process(['cp', '-R', self::fixture('app'), $project]))->mustRun();
        file_put_contents($project.'/preheat.json', '{"bench": {"usage": "from-the-file.log"}}');
        $store = $this->directory->path.'/from-the-option.log';

        $process = $this->bench(['--project='.$project, '--scenario=none', '--scenario=hot=hot', '--store='.$store]);

        self::assertSame(2, $process->getExitCode(), $process->getErrorOutput());
        self::assertStringContainsString('No usage recorded at "'.$store.'"', $process->getErrorOutput());
        self::assertStringContainsString('(option --store)', $process->getErrorOutput());
    }

    public function testTheGateCatchesAPreloadThatBreaksAPageAndTheOthersAreMeasured(): void
    {
        $out = $this->directory->path.'/report';
        $process = $this->bench(['--scenario=none', '--scenario=all', '--scenario=naive='.self::fixture('naive-preload.php'), '--url=/', '--url=/api', '--format=json', '--out='.$out]);
        $report = json_decode($process->getOutput(), true);

        self::assertSame(1, $process->getExitCode(), 'a broken scenario makes the run fail');
        self::assertIsArray($report, $process->getErrorOutput());
        [$none, $all, $naive] = $report['scenarios'];
        self::assertTrue($none['measured']);
        self::assertTrue($all['measured'], json_encode($all['problems']) ?: '');
        self::assertFalse($naive['measured']);
        self::assertStringContainsString('/ differs from the baseline', $naive['problems'][0]);
        self::assertStringContainsString('first difference at line 4, column 5', $naive['problems'][0]);
        self::assertStringContainsString('naive:    …', $naive['problems'][0]);
        self::assertStringContainsString('<h1>▶no greeting: APP_GREETING is undefined</h1>', $naive['problems'][0]);
        self::assertStringContainsString('<h1>▶Hello from the fixture</h1>', $naive['problems'][0]);
        self::assertStringContainsString('the value that differs: "Hello" in the baseline, "no" in naive', $naive['problems'][0]);
        self::assertStringNotContainsString('bench.masks', $naive['problems'][0], 'no mask is offered for a break no mask accepts');
        self::assertSame([], $naive['runs']);

        self::assertCount(2, $all['runs'], '--max-time=0: the minimum rounds only');
        self::assertTrue($all['runs'][0]['valid']);
        self::assertSame(['minRounds' => 2, 'precisionPoints' => 2, 'maxSeconds' => 0, 'metric' => 'CPU per request', 'rounds' => 2], \array_slice($report['stopping'], 0, 5));
        self::assertSame('time-limit', $report['stopping']['reason']);
        self::assertNull($all['gain']['halfWidthPoints'], 'two rounds give no interval');
        self::assertFalse($all['gain']['precisionMet']);
        // Together, the servers start anew every 4 rounds and the intervals are taken over the starts.
        self::assertMatchesRegularExpression(
            '/Round 2 done \([\d.]+ s measured, 2 of 2 rounds, no time limit for more\): all vs none has no interval over'
            .' server starts yet \(it needs 3 server starts, one every 4 rounds: 1 so far, and the 2 rounds'
            .' with no time for more make 1\); target ±2/',
            $process->getErrorOutput(),
        );
        self::assertGreaterThan(0, $all['requestsPerSecond']['median']);
        self::assertArrayHasKey('ciLow', $all['gain']);
        self::assertSame(3, $all['preload']['classes'], 'Renderable, Page and HomePage; Greeting has a define() and stays out');
        self::assertGreaterThan(0, $all['workerPssBytes']);
        self::assertGreaterThan(0, $all['fpmStartSeconds']);
        self::assertSame(['project', 'php', 'phpIni', 'user', 'opcache', 'cores', 'cpuModel', 'governor', 'workers', 'tool', 'toolSettings', 'rounds', 'schedule', 'workerPlacement', 'restartEvery', 'duration', 'warmup', 'urls', 'machineBefore', 'machineDuring', 'note'], array_keys($report['environment']));
        self::assertSame('together', $report['environment']['schedule'], 'wrk loads every scenario of a round at the same time by default');
        if ($report['environment']['cores'] > 1) {
            self::assertStringStartsWith('each server\'s PHP worker i on core i mod ', $report['environment']['workerPlacement'], 'taskset spread the workers');
        }
        self::assertIsArray($report['environment']['machineDuring']['loadAverage']);
        self::assertGreaterThanOrEqual(0, $report['environment']['machineDuring']['stealShare']);
        self::assertSame('cpuPerRequest', $report['primaryMetric']['metric']);
        self::assertPlausibleCpuPerRequest($none, $report['environment']['cores']);
        self::assertPlausibleCpuPerRequest($all, $report['environment']['cores']);
        self::assertSame('cpuPerRequest', $all['headline']['metric']);
        if (0 === posix_geteuid()) {
            self::assertSame('www-data', $report['environment']['user'], 'as root, the workers run as the pool\'s user, as in production');
        }

        foreach (['report.md', 'report.json', 'chart.svg'] as $file) {
            self::assertFileExists($out.'/'.$file);
        }
        self::assertStringContainsString('| naive | not measured: / differs from the baseline |', (string) file_get_contents($out.'/report.md'));
    }

    /**
     * The PHP processes' CPU over each valid run: more than nothing, and less than the machine had
     * (the run's wall time on every core). No timing beyond that.
     *
     * @param array<string, mixed> $scenario
     * @param int                  $toolRuns load tool processes per run: ab runs one per page
     */
    private static function assertPlausibleCpuPerRequest(array $scenario, int $cores, int $toolRuns = 1): void
    {
        $runs = array_filter($scenario['runs'], static fn (array $run): bool => $run['valid']);
        self::assertNotEmpty($runs, $scenario['name']);
        foreach ($runs as $run) {
            self::assertGreaterThan(0.0, $run['phpCpuSeconds'], $scenario['name'].' round '.$run['round']);
            self::assertLessThan($run['machine']['wallSeconds'] * $cores, $run['phpCpuSeconds'], $scenario['name'].' round '.$run['round']);
            self::assertGreaterThan(0.0, $run['cpuPerRequestMs']);
            // The server's own count: every request the tool counted, and those it left in flight when it stopped (at most one per connection, --concurrency=2, each time a tool stopped).
            self::assertGreaterThanOrEqual($run['requests'], $run['phpRequests'], $scenario['name'].' round '.$run['round']);
            self::assertLessThanOrEqual($run['requests'] + 2 * $toolRuns, $run['phpRequests'], $scenario['name'].' round '.$run['round']);
        }
        self::assertGreaterThan(0.0, $scenario['cpuPerRequestMs']['median']);
    }

    public function testAPageThatChangesOnEveryRequestPassesNoneVersusNoneWithoutMasks(): void
    {
        $process = $this->bench(['--scenario=none', '--scenario=again=none', '--url=/volatile', '--rounds=1', '--format=json']);
        $report = json_decode($process->getOutput(), true);

        self::assertSame(0, $process->getExitCode(), $process->getErrorOutput());
        self::assertIsArray($report);
        self::assertTrue($report['scenarios'][1]['measured'], json_encode($report['scenarios'][1]['problems']) ?: '');
        self::assertMatchesRegularExpression('{/volatile: \d+ part\(s\) change between identical requests and are masked}', $process->getErrorOutput());
    }

    public function testAbAndPhpCgiMeasureToo(): void
    {
        foreach (['ab', 'cgi'] as $tool) {
            // ab loads one page per run: together, each scenario's pages run one after another in the background.
            $process = $this->bench(['--scenario=none', '--scenario=all', '--url=/', ...('ab' === $tool ? ['--url=/?second'] : []), '--tool='.$tool, '--format=json']);
            $report = json_decode($process->getOutput(), true);

            self::assertSame(0, $process->getExitCode(), $tool.': '.$process->getErrorOutput());
            self::assertIsArray($report);
            self::assertSame($tool, $report['environment']['tool']);
            self::assertSame('ab' === $tool ? 'together' : 'turns', $report['environment']['schedule'], 'php-cgi runs PHP itself, one scenario at a time');
            foreach ($report['scenarios'] as $scenario) {
                self::assertTrue($scenario['measured'], $tool.' '.$scenario['name']);
                self::assertGreaterThan(0, $scenario['requestsPerSecond']['median']);
                self::assertSame($tool, $scenario['runs'][0]['tool']);
                if ('ab' === $tool) {
                    self::assertPlausibleCpuPerRequest($scenario, $report['environment']['cores'], 2);
                } else {
                    self::assertNull($scenario['runs'][0]['phpCpuSeconds'], 'php-cgi runs PHP itself: the server\'s CPU is not the run\'s');
                }
            }
            self::assertSame('ab' === $tool ? 'cpuPerRequest' : 'requestsPerSecond', $report['primaryMetric']['metric'], $tool);
        }
    }

    public function testCallgrindCountsTheSameInstructionsPerRequestInEveryRound(): void
    {
        $process = $this->bench(['--scenario=none', '--scenario=all', '--url=/', '--tool=callgrind', '--format=json']);
        $report = json_decode($process->getOutput(), true);

        self::assertSame(0, $process->getExitCode(), $process->getErrorOutput());
        self::assertIsArray($report);
        self::assertSame('callgrind', $report['environment']['tool']);
        self::assertSame(0.0, (float) $report['environment']['warmup'], 'each run warms up itself');
        self::assertSame('instructionsPerRequest', $report['primaryMetric']['metric']);
        $counts = [];
        foreach ($report['scenarios'] as $scenario) {
            self::assertTrue($scenario['measured'], $scenario['name']);
            self::assertCount(2, $scenario['runs']);
            [$first, $second] = array_map(static fn (array $run): float => $run['instructions'] / $run['requests'], $scenario['runs']);
            self::assertGreaterThan(0, $first, $scenario['name']);
            self::assertLessThan(0.005, abs($second - $first) / $first, $scenario['name'].': two rounds of the same scenario, '.$first.' and '.$second);
            self::assertLessThan(0.005, $scenario['instructionsPerRequest']['spread'], 'the report\'s run-to-run spread');
            self::assertNull($scenario['requestsPerSecond'], 'valgrind\'s speed is no figure of PHP\'s');
            $counts[$scenario['name']] = $scenario['instructionsPerRequest']['median'];
        }
        self::assertLessThan($counts['none'], $counts['all'], 'preloading the fixture\'s classes saves PHP linking them on every request');
        self::assertSame('instructionsPerRequest', $report['scenarios'][1]['headline']['metric']);
        self::assertNull($report['scenarios'][1]['gain'], 'no req/s gain under valgrind');
    }

    public function testApacheWithModPhpServesNoneAndAllThroughTheGate(): void
    {
        $process = $this->bench(['--runtime=mod_php', '--scenario=none', '--scenario=all', '--url=/', '--url=/api', '--format=json']);
        $report = json_decode($process->getOutput(), true);

        self::assertSame(0, $process->getExitCode(), $process->getErrorOutput());
        self::assertIsArray($report);
        self::assertSame('2 (Apache prefork + mod_php)', $report['environment']['workers']);
        self::assertStringContainsString('Pages checked: 2 scenario(s) serve them correctly', $process->getErrorOutput());
        [$none, $all] = $report['scenarios'];
        foreach ([$none, $all] as $scenario) {
            self::assertTrue($scenario['measured'], $scenario['name'].': '.(json_encode($scenario['problems']) ?: ''));
            self::assertGreaterThan(0, $scenario['requestsPerSecond']['median']);
            self::assertSame(2, $scenario['workers'], 'Apache\'s prefork children are the workers');
            self::assertGreaterThan(0, $scenario['workerPssBytes']);
            self::assertPlausibleCpuPerRequest($scenario, $report['environment']['cores']);
        }
        self::assertSame(0, $none['preload']['classes']);
        self::assertGreaterThan(0, $all['preload']['classes'], 'mod_php preloads from the scenario\'s php.ini');
    }

    public function testPersistentWorkersServeNoneAndAllThroughTheGate(): void
    {
        $process = $this->bench(['--runtime=worker', '--scenario=none', '--scenario=all', '--url=/', '--url=/volatile', '--format=json']);
        $report = json_decode($process->getOutput(), true);

        // A scenario the gate breaks only shows why in the report's problems: say them too.
        $problems = array_map(static fn (array $s): string => $s['name'].': '.json_encode($s['problems'] ?? []), \is_array($report) ? $report['scenarios'] : []);
        self::assertSame(0, $process->getExitCode(), $process->getErrorOutput().implode("\n", $problems));
        self::assertIsArray($report);
        self::assertSame('2 (persistent workers: app booted once)', $report['environment']['workers']);
        self::assertStringContainsString('Pages checked: 2 scenario(s) serve them correctly', $process->getErrorOutput());
        [$none, $all] = $report['scenarios'];
        foreach ([$none, $all] as $scenario) {
            self::assertTrue($scenario['measured'], $scenario['name'].': '.(json_encode($scenario['problems']) ?: ''));
            self::assertGreaterThan(0, $scenario['requestsPerSecond']['median']);
            self::assertSame(2, $scenario['workers']);
            self::assertGreaterThan(0, $scenario['workerPssBytes']);
        }
        self::assertSame(0, $none['preload']['classes']);
        self::assertGreaterThan(0, $all['preload']['classes'], 'the workers\' PHP preloads from the scenario\'s php.ini');
    }

    public function testRestartedServersServeTheNextRoundsAndTheRoundsSayWhichStartRanThem(): void
    {
        $process = $this->bench(['--scenario=none', '--scenario=all', '--url=/', '--rounds=3', '--restart-every=1', '--format=json']);
        $report = json_decode($process->getOutput(), true);

        self::assertSame(0, $process->getExitCode(), $process->getErrorOutput());
        self::assertIsArray($report);
        self::assertSame(1, $report['environment']['restartEvery']);
        foreach ($report['scenarios'] as $scenario) {
            self::assertSame([1, 2, 3], array_column($scenario['runs'], 'instance'), $scenario['name']);
            self::assertTrue($scenario['runs'][2]['valid'], $scenario['name'].': the third start served its round');
        }
        self::assertSame(2, substr_count($process->getErrorOutput(), 'Started every server anew before round'));
        self::assertStringStartsWith('median over server restarts', $report['scenarios'][1]['gain']['method']);
    }

    public function testInTurnsEachScenarioIsMeasuredAloneAndTheReportSaysSo(): void
    {
        $process = $this->bench(['--scenario=none', '--scenario=all', '--url=/', '--schedule=turns', '--warmup=1', '--format=md']);

        self::assertSame(0, $process->getExitCode(), $process->getErrorOutput());
        self::assertStringContainsString('| rounds | 2 (2 planned, no time limit for more), interleaved, order rotated each round;', $process->getOutput());
        self::assertStringNotContainsString('loaded at the same time', $process->getOutput());
        self::assertStringContainsString('Warmed up 2 scenario(s), 1 s each (discarded)', $process->getErrorOutput(), 'each scenario has its turn');
    }

    public function testAServerThatFailsVoidsTheRun(): void
    {
        $process = $this->bench(['--scenario=none', '--url=/flaky', '--format=json']);
        $report = json_decode($process->getOutput(), true);

        self::assertSame(1, $process->getExitCode());
        self::assertIsArray($report, $process->getErrorOutput());
        $none = $report['scenarios'][0];
        self::assertFalse($none['measured']);
        self::assertNull($none['requestsPerSecond']);
        self::assertCount(2, $none['runs']);
        foreach ($none['runs'] as $run) {
            self::assertFalse($run['valid']);
            self::assertGreaterThan(0, $run['non2xx']);
        }
    }

    public function testPhpFpmDyingMidRunStopsEverythingAndSaysSo(): void
    {
        // The page kills php-fpm's master: only a worker running as the master's user can.
        $process = $this->bench(['--scenario=none', '--url=/die', ...(0 === posix_geteuid() ? ['--user=root'] : [])]);

        self::assertSame(3, $process->getExitCode(), 'the environment failed, not the input: '.$process->getErrorOutput());
        self::assertStringContainsString('php-fpm for scenario none died during', $process->getErrorOutput());
    }

    public function testAPageThatFailsWithoutPreloadIsReported(): void
    {
        $process = $this->bench(['--scenario=none', '--scenario=all', '--url=/missing']);

        self::assertSame(3, $process->getExitCode(), 'the app fails without preloading: '.$process->getErrorOutput());
        self::assertStringContainsString('The none scenario does not serve the pages', $process->getErrorOutput());
        self::assertStringContainsString('/missing answered HTTP 404', $process->getErrorOutput());
    }

    public function testCtrlCStopsEveryServer(): void
    {
        $process = new Process(
            [\PHP_BINARY, \dirname(__DIR__, 2).'/bin/preheat', 'bench', '--project='.self::fixture('app'), '--scenario=none', '--scenario=all', '--rounds=50', '--duration=5', '--warmup=0'],
            null,
            ['PREHEAT_FIXTURE_COUNTER' => $this->counter],
            null,
            120,
        );
        $process->start();
        $process->waitUntil(static fn (string $type, string $output): bool => str_contains($output, 'Pages checked'));
        $process->signal(\SIGINT);
        $process->wait();

        self::assertSame(130, $process->getExitCode());
        self::assertStringContainsString('Interrupted (SIGINT): stopped every process and removed every temporary file of this run.', $process->getErrorOutput());
    }

    public function testAConfigTypoIsNamed(): void
    {
        $project = $this->directory->path.'/app';
        (new Process(['cp', '-R', self::fixture('app'), $project]))->mustRun();
        file_put_contents($project.'/preheat.json', json_encode(['bench' => ['duraton' => 1]]));

        $process = $this->bench(['--project='.$project]);

        self::assertSame(2, $process->getExitCode());
        self::assertStringContainsString('unknown key "bench.duraton". Did you mean "bench.duration"?', $process->getErrorOutput());
    }

    public function testAMissingServerBinaryIsNamed(): void
    {
        $project = $this->directory->path.'/app';
        (new Process(['cp', '-R', self::fixture('app'), $project]))->mustRun();
        file_put_contents($project.'/preheat.json', json_encode(['bench' => ['binaries' => ['nginx' => '/nonexistent/nginx']]]));

        $process = $this->bench(['--project='.$project, '--scenario=none']);

        self::assertSame(3, $process->getExitCode(), 'a missing binary is the environment\'s: '.$process->getErrorOutput());
        self::assertStringContainsString('Cannot find /nonexistent/nginx: install it (Debian: apt-get install nginx)', $process->getErrorOutput());
    }

    /** @param list<string> $arguments */
    private function bench(array $arguments): Process
    {
        $hasProject = [] !== array_filter($arguments, static fn (string $a): bool => str_starts_with($a, '--project='));
        $process = new Process(
            [\PHP_BINARY, \dirname(__DIR__, 2).'/bin/preheat', 'bench', ...($hasProject ? [] : ['--project='.self::fixture('app')]), ...self::SHORT, ...$arguments],
            null,
            ['PREHEAT_FIXTURE_COUNTER' => $this->counter],
            null,
            180,
        );
        $process->run();

        return $process;
    }

    private static function fixture(string $name): string
    {
        return \dirname(__DIR__).'/Fixtures/bench/'.$name;
    }
}
