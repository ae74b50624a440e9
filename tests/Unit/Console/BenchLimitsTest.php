<?php

declare(strict_types=1);

namespace Preheat\Tests\Unit\Console;

use PHPUnit\Framework\TestCase;
use Preheat\Bench\Config\BenchConfig;
use Preheat\Bench\Config\UrlSpec;
use Preheat\Bench\Scenario\ScenarioSpec;
use Preheat\ConfigError;
use Preheat\Console\Command\BenchLimits;
use Preheat\Plan\Strategy\Strategies;
use Preheat\Server\MachineCapacity;
use Preheat\Server\WorkerSettings;
use Preheat\Tests\Support\BenchConfigs;
use Preheat\Tests\Support\TemporaryDirectory;
use Preheat\UserError;

final class BenchLimitsTest extends TestCase
{
    private TemporaryDirectory $proc;

    protected function setUp(): void
    {
        $this->proc = new TemporaryDirectory('preheat-proc-');
        // A machine with 4 cores and 8 GB available.
        file_put_contents($this->proc->path.'/cpuinfo', str_repeat("processor\t: 0\n\n", 4));
        file_put_contents($this->proc->path.'/meminfo', "MemTotal:       16000000 kB\nMemFree:         1000000 kB\nMemAvailable:    8388608 kB\n");
    }

    protected function tearDown(): void
    {
        $this->proc->remove();
    }

    public function testTheMachineIsReadFromProc(): void
    {
        $machine = new MachineCapacity($this->proc->path, 1024, 500);

        self::assertSame(4, $machine->cores());
        self::assertSame(8 * 1024 ** 3, $machine->availableMemory());
        self::assertSame(1024, $machine->openFiles());
        self::assertSame(500, $machine->maxProcesses());
        self::assertNull((new MachineCapacity($this->proc->path.'/missing'))->availableMemory());
    }

    public function testTheDefaultsFit(): void
    {
        $this->expectNotToPerformAssertions();
        $this->limits()->check($this->config());
    }

    public function testAHundredThousandWorkersAreRefusedWithWhatFits(): void
    {
        $error = $this->refusal($this->config(workers: 100000));

        self::assertInstanceOf(UserError::class, $error, 'exit 2');
        self::assertSame(
            'Invalid workers 100000: 2 scenarios\' servers run at the same time, each with 100000 workers of about 64 MB and 128 MB of OPcache: about 12.2 TB, and this machine has 8.0 GB available (MemAvailable in /proc/meminfo; the servers may take 80% of it). At most 49 workers fit: lower --workers (preheat.json: bench.workers), or give fewer scenarios.',
            $error->getMessage(),
        );
        $this->limits()->check($this->config(workers: 49));
        self::assertNotNull($this->refusal($this->config(workers: 50)));
    }

    public function testEveryScenarioCountsAndTheOpcacheToo(): void
    {
        $message = $this->refusal($this->config(workers: 4, opcacheMemoryMb: 4096))?->getMessage();

        self::assertStringContainsString('Not even one worker fits: give fewer scenarios or a smaller bench.opcacheMemory, or free memory', (string) $message);
    }

    public function testWorkersBeyondTheUsersProcessLimitAreRefused(): void
    {
        $message = (new BenchLimits(new MachineCapacity($this->proc->path, 20000, 30)))->check(...);
        $error = null;
        try {
            $message($this->config(workers: 16));
        } catch (ConfigError $error) {
        }

        self::assertSame('Invalid workers 16: 2 scenarios × 16 workers are 32 processes, more than the 30 this user may run (ulimit -u); lower --workers (preheat.json: bench.workers).', $error?->getMessage());
    }

    public function testConcurrencyIsBoundByNginxAndTheOpenFiles(): void
    {
        self::assertSame('Invalid concurrency 2001: at most 2000 (connections; nginx takes 4096, two a request); lower --concurrency (preheat.json: bench.concurrency).', $this->refusal($this->config(concurrency: 2001))?->getMessage());
        self::assertSame(
            'Invalid concurrency 500: each connection takes two open files in nginx, and this process may open 1024 (ulimit -n): at most 480 connections; lower --concurrency (preheat.json: bench.concurrency) or raise ulimit -n.',
            $this->refusal($this->config(concurrency: 500), new MachineCapacity($this->proc->path, 1024, null))?->getMessage(),
        );
    }

    public function testTimesAndOtherCountsHaveTheirBounds(): void
    {
        $refusals = [
            'Invalid rounds 10001: at most 10000' => $this->config(rounds: 10001, duration: 1.0),
            'Invalid duration 3601: at most 3600 (seconds; an hour at the most); lower --duration (preheat.json: bench.duration).' => $this->config(duration: 3601.0),
            'Invalid warmup 7200: at most 3600' => $this->config(warmup: 7200.0),
            'Invalid timeout 4000: at most 3600 (seconds; an hour at the most); lower preheat.json\'s bench.timeout.' => $this->config(requestTimeout: 4000.0),
            'Invalid maxTime 100000: at most 86400' => $this->config(maxTime: 100000.0),
            'Invalid rounds 100: 100 rounds of 1000 s would take 27.8 hours, more than a day; lower --rounds or --duration' => $this->config(rounds: 100, duration: 1000.0),
            'Invalid restartEvery 20000: at most 10000' => $this->config(restartEvery: 20000),
            'Invalid cgiRequests 2000000: at most 1000000' => $this->config(cgiRequests: 2000000),
            'Invalid worker.maxRequests 2000000000: at most 1000000000' => $this->config(worker: new WorkerSettings('/app', null, null, 2000000000)),
            'Invalid worker.maxBodyBytes 2147483648: at most 1073741824' => $this->config(worker: new WorkerSettings('/app', null, null, 0, 2 * 1024 ** 3)),
        ];
        foreach ($refusals as $expected => $config) {
            self::assertStringStartsWith($expected, (string) $this->refusal($config)?->getMessage());
        }
    }

    private function limits(?MachineCapacity $machine = null): BenchLimits
    {
        return new BenchLimits($machine ?? new MachineCapacity($this->proc->path, 20000, null));
    }

    private function refusal(BenchConfig $config, ?MachineCapacity $machine = null): ?ConfigError
    {
        try {
            $this->limits($machine)->check($config);
        } catch (ConfigError $error) {
            return $error;
        }

        return null;
    }

    private function config(int $workers = 4, int $concurrency = 8, int $rounds = 5, float $duration = 2.0, float $warmup = 3.0, float $requestTimeout = 10.0, float $maxTime = 240.0, ?int $opcacheMemoryMb = null, ?int $restartEvery = null, ?int $cgiRequests = null, ?WorkerSettings $worker = null): BenchConfig
    {
        $app = \dirname(__DIR__, 2).'/Fixtures/bench/app';

        return BenchConfigs::make(
            $app,
            [new UrlSpec('/')],
            [ScenarioSpec::parse('none', 'none', $app, Strategies::standard()), ScenarioSpec::parse('all', 'all', $app, Strategies::standard())],
            rounds: $rounds,
            duration: $duration,
            warmup: $warmup,
            concurrency: $concurrency,
            workers: $workers,
            cgiRequests: $cgiRequests,
            opcacheMemoryMb: $opcacheMemoryMb,
            requestTimeout: $requestTimeout,
            maxTime: $maxTime,
            worker: $worker,
            restartEvery: $restartEvery,
        );
    }
}
