<?php

declare(strict_types=1);

namespace Preheat\Console\Command;

use Preheat\Bench\Config\BenchConfig;
use Preheat\Bench\Config\BenchConfigCheck;
use Preheat\Bench\Load\Schedule;
use Preheat\Config\Bound;
use Preheat\ConfigError;
use Preheat\Server\MachineCapacity;
use Preheat\Server\Serve\ServeSettings;

/**
 * The upper bounds of every count a benchmark takes from the user, against what this machine can hold:
 * a count above them is refused (exit 2) with the setting, the value, the limit and why, before any
 * server starts. Each setting's fixed range is its Bound; here, what depends on the machine (memory,
 * ulimits) and on several settings at once (`"workers": 100000` once forked php-fpm workers until the
 * out-of-memory killer ran). In the console, because its messages name the options as well as the keys.
 */
final class BenchLimits implements BenchConfigCheck
{
    /** Files a server and the load tool keep open besides the connections (logs, sockets, the scripts). */
    private const SPARE_FILES = 64;

    /** The share of the available memory the servers may take: the load tool, the kernel and the rest need some. */
    private const MEMORY_SHARE = 0.8;

    /** The options of `bench` that set a bounded setting: its messages name them beside the key. */
    private const OPTIONS = [
        'rounds' => '--rounds',
        'duration' => '--duration',
        'warmup' => '--warmup',
        'concurrency' => '--concurrency',
        'workers' => '--workers',
        'restartEvery' => '--restart-every',
        'maxTime' => '--max-time',
    ];

    public function __construct(private readonly MachineCapacity $machine = new MachineCapacity())
    {
    }

    /** @throws ConfigError naming the first count above its bound */
    public function check(BenchConfig $config): void
    {
        $servers = \count($config->scenarios);
        $load = $config->load;
        $this->serve($config->serve, $servers);
        $this->concurrency($load->concurrency);
        $this->atMost(Bound::Rounds, $config->stopping->rounds);
        $this->atMost(Bound::Duration, $load->duration);
        $this->atMost(Bound::Warmup, $load->warmup);
        $this->atMost(Bound::Timeout, $config->serve->requestTimeout);
        $this->atMost(Bound::RecordSeconds, $config->recording->recordSeconds);
        $this->atMost(Bound::MaxTime, $config->stopping->maxTime);
        // The minimum rounds run whatever --max-time says: each loads every scenario for duration seconds
        // (in turns one after another).
        $rounds = $config->stopping->rounds;
        $roundSeconds = $load->duration * (Schedule::Turns === $load->schedule ? $servers : 1);
        if ($rounds * $roundSeconds > Bound::MAX_SECONDS) {
            $error = ConfigError::invalid(
                'rounds',
                $rounds,
                \sprintf(
                    '%d rounds of %s s would take %.1f hours, more than a day; lower --rounds or --duration'
                    .' (preheat.json: bench.rounds, bench.duration)',
                    $rounds,
                    self::number($roundSeconds),
                    $rounds * $roundSeconds / 3600,
                ),
            );
            throw $error;
        }
        $this->atMost(Bound::RestartEvery, $load->restartEvery);
        foreach ($load->settings->tool->all() as [$setting, $value]) {
            $setting->checkMaximum($value, '--'.$setting->option());
        }
        $this->atMost(Bound::RecorderSample, $config->recording->recorderSample);
        $this->atMost(Bound::WorkerMaxRequests, $config->serve->worker->maxRequests);
        $this->atMost(Bound::WorkerMaxBodyBytes, $config->serve->worker->maxBodyBytes);
        if (null !== $config->serve->opcacheMemoryMb) {
            $this->atMost(Bound::OpcacheMemory, $config->serve->opcacheMemoryMb);
        }
    }

    /**
     * What serving the app takes, for so many servers at the same time: the memory and processes of
     * the workers (a trace serves one).
     */
    public function serve(ServeSettings $serve, int $servers = 1): void
    {
        // Memory first: what this machine holds says more than the fixed bound.
        $this->memory($serve, $servers);
        $this->workers($serve->workers, $servers);
    }

    private function workers(int $workers, int $servers): void
    {
        $this->atMost(Bound::Workers, $workers);
        $processes = $this->machine->maxProcesses();
        if (null !== $processes && $workers * $servers > $processes) {
            $error = ConfigError::invalid(
                'workers',
                $workers,
                \sprintf(
                    '%d scenarios × %d workers are %d processes, more than the %d this user may run (ulimit -u);'
                    .' lower --workers (preheat.json: bench.workers)',
                    $servers,
                    $workers,
                    $workers * $servers,
                    $processes,
                ),
            );
            throw $error;
        }
    }

    private function concurrency(int $concurrency): void
    {
        $this->atMost(Bound::Concurrency, $concurrency);
        $files = $this->machine->openFiles();
        if (null !== $files && 2 * $concurrency + self::SPARE_FILES > $files) {
            $error = ConfigError::invalid(
                'concurrency',
                $concurrency,
                \sprintf(
                    'each connection takes two open files in nginx, and this process may open %d (ulimit -n): at'
                    .' most %d connections; lower --concurrency (preheat.json: bench.concurrency) or raise ulimit -n',
                    $files,
                    max(0, intdiv($files - self::SPARE_FILES, 2)),
                ),
            );
            throw $error;
        }
    }

    /** Every scenario's server runs at the same time, each with its workers and its OPcache. */
    private function memory(ServeSettings $serve, int $servers): void
    {
        $available = $this->machine->availableMemory();
        if (null === $available) {
            return;
        }
        $workers = $serve->workers;
        $opcache = null === $serve->opcacheMemoryMb
            ? MachineCapacity::OPCACHE_BYTES
            : $serve->opcacheMemoryMb * 1024 * 1024;
        $needed = $servers * ($workers * MachineCapacity::WORKER_BYTES + $opcache);
        $room = (int) ($available * self::MEMORY_SHARE);
        if ($needed <= $room) {
            return;
        }
        $fit = max(0, intdiv(intdiv($room, $servers) - $opcache, MachineCapacity::WORKER_BYTES));
        $error = ConfigError::invalid(
            'workers',
            $workers,
            \sprintf(
                '%d scenarios\' servers run at the same time, each with %d workers of about %d MB and %d MB of'
                .' OPcache: about %s, and this machine has %s available (MemAvailable in /proc/meminfo; the servers'
                .' may take %d%% of it). %s',
                $servers,
                $workers,
                intdiv(MachineCapacity::WORKER_BYTES, 1024 * 1024),
                intdiv($opcache, 1024 * 1024),
                self::bytes($needed),
                self::bytes($available),
                (int) (self::MEMORY_SHARE * 100),
                $fit > 0 ? \sprintf(
                    'At most %d workers fit: lower --workers (preheat.json: bench.workers), or give fewer scenarios',
                    $fit,
                ) : 'Not even one worker fits: give fewer scenarios or a smaller bench.opcacheMemory, or free memory',
            ),
        );
        throw $error;
    }

    private function atMost(Bound $bound, int|float $value): void
    {
        $bound->checkMaximum(
            $value,
            self::OPTIONS[$bound->value] ?? null,
            Bound::Rounds === $bound
                ? 'more rounds are what --max-time and --precision add when they are needed'
                : null,
        );
    }

    private static function number(int|float $value): string
    {
        return \is_int($value) || floor($value) === $value ? number_format($value, 0, '.', '') : (string) $value;
    }

    private static function bytes(int $bytes): string
    {
        return match (true) {
            $bytes >= 1024 ** 4 => \sprintf('%.1f TB', $bytes / 1024 ** 4),
            $bytes >= 1024 ** 3 => \sprintf('%.1f GB', $bytes / 1024 ** 3),
            default => \sprintf('%d MB', intdiv($bytes, 1024 * 1024)),
        };
    }
}
