<?php

declare(strict_types=1);

namespace Preheat\Console;

use Preheat\Bench\Config\BenchConfig;
use Preheat\Bench\Config\ConfigError;
use Preheat\Server\MachineCapacity;

/**
 * The upper bounds of every count a benchmark takes from the user, against what this machine can hold:
 * a count above them is refused (exit 2) with the setting, the value, the limit and why, before any
 * server starts. BenchConfig checks the lower bounds; this, what would fill the machine or never end
 * (`"workers": 100000` once forked php-fpm workers until the out-of-memory killer ran). In the console,
 * because its messages name the options as well as the preheat.json keys.
 */
final class BenchLimits
{
    /**
     * php-fpm children or Apache prefork children per server, whatever the memory: beyond, a benchmark measures the
     * scheduler.
     */
    public const MAX_WORKERS = 1024;

    /** nginx runs one worker with 4096 connections, and each request holds two (the client's and php-fpm's). */
    public const MAX_CONCURRENCY = 2000;

    /** Files a server and the load tool keep open besides the connections (logs, sockets, the scripts). */
    private const SPARE_FILES = 64;

    /** What the measured rounds may take at the most: a day. */
    public const MAX_SECONDS = 86400.0;

    /** One round's load, the warm-up, a request's timeout, the recording for hot: an hour each at the most. */
    public const MAX_PHASE_SECONDS = 3600.0;

    public const MAX_ROUNDS = 10000;
    public const MAX_CGI_REQUESTS = 1_000_000;
    public const MAX_CALLGRIND_REQUESTS = 10000;
    public const MAX_RECORDER_SAMPLE = 1_000_000;
    public const MAX_WORKER_REQUESTS = 1_000_000_000;
    public const MAX_BODY_BYTES = 1024 * 1024 * 1024;
    public const MAX_OPCACHE_MB = 65536;

    /** The share of the available memory the servers may take: the load tool, the kernel and the rest need some. */
    private const MEMORY_SHARE = 0.8;

    public function __construct(private readonly MachineCapacity $machine = new MachineCapacity())
    {
    }

    /** @throws ConfigError naming the first count above its bound */
    public function check(BenchConfig $config): void
    {
        $servers = \count($config->scenarios);
        // Memory first: what this machine holds says more than the fixed bound.
        $this->memory($config, $servers);
        $this->workers($config, $servers);
        $this->concurrency($config->concurrency);
        $this->atMost(
            'rounds',
            '--rounds',
            'bench.rounds',
            $config->rounds,
            self::MAX_ROUNDS,
            'more rounds are what --max-time and --precision add when they are needed',
        );
        foreach (
            [
                ['duration', '--duration', $config->duration],
                ['warmup', '--warmup', $config->warmup],
                ['timeout', null, $config->requestTimeout],
                ['recordSeconds', null, $config->recordSeconds],
            ] as [$key, $option, $seconds]
        ) {
            $this->atMost(
                $key,
                $option,
                'bench.'.$key,
                $seconds,
                self::MAX_PHASE_SECONDS,
                'seconds; an hour at the most',
            );
        }
        $this->atMost(
            'maxTime',
            '--max-time',
            'bench.maxTime',
            $config->maxTime,
            self::MAX_SECONDS,
            'seconds the measured rounds may take; a day at the most',
        );
        // The minimum rounds run whatever --max-time says: each loads every scenario for duration seconds (in turns one
        // after another).
        $roundSeconds = $config->duration * ('turns' === $config->schedule ? $servers : 1);
        if ($config->rounds * $roundSeconds > self::MAX_SECONDS) {
            throw ConfigError::invalid(
                'rounds',
                $config->rounds,
                \sprintf(
                    '%d rounds of %s s would take %.1f hours, more than a day; lower --rounds or --duration '
                    .'(preheat.json: bench.rounds, bench.duration)',
                    $config->rounds,
                    self::number($roundSeconds),
                    $config->rounds * $roundSeconds / 3600,
                ),
            );
        }
        $this->atMost(
            'restartEvery',
            '--restart-every',
            'bench.restartEvery',
            $config->restartEvery,
            self::MAX_ROUNDS,
            'rounds between restarts',
        );
        $this->atMost(
            'cgiRequests',
            null,
            'bench.cgiRequests',
            $config->cgiRequests,
            self::MAX_CGI_REQUESTS,
            'requests php-cgi runs per scenario and round',
        );
        $this->atMost(
            'callgrindRequests',
            null,
            'bench.callgrindRequests',
            $config->callgrindRequests,
            self::MAX_CALLGRIND_REQUESTS,
            'under valgrind a request takes seconds',
        );
        $this->atMost(
            'callgrindWarmup',
            null,
            'bench.callgrindWarmup',
            $config->callgrindWarmup,
            self::MAX_CALLGRIND_REQUESTS,
            'under valgrind a request takes seconds',
        );
        $this->atMost(
            'recorderSample',
            null,
            'bench.recorderSample',
            $config->recorderSample,
            self::MAX_RECORDER_SAMPLE,
            '1 request in N is recorded',
        );
        if (null !== $config->worker) {
            $this->atMost(
                'worker.maxRequests',
                null,
                'bench.worker.maxRequests',
                $config->worker->maxRequests,
                self::MAX_WORKER_REQUESTS,
                'requests before a worker is replaced (0: never)',
            );
            $this->atMost(
                'worker.maxBodyBytes',
                null,
                'bench.worker.maxBodyBytes',
                $config->worker->maxBodyBytes,
                self::MAX_BODY_BYTES,
                'bytes of a request body a worker holds in memory; 1 GB at the most',
            );
        }
        if (null !== $config->opcacheMemoryMb) {
            $this->atMost(
                'opcacheMemory',
                null,
                'bench.opcacheMemory',
                $config->opcacheMemoryMb,
                self::MAX_OPCACHE_MB,
                'megabytes of OPcache per server',
            );
        }
    }

    private function workers(BenchConfig $config, int $servers): void
    {
        $this->atMost(
            'workers',
            '--workers',
            'bench.workers',
            $config->workers,
            self::MAX_WORKERS,
            'PHP workers per server; beyond that a benchmark measures the scheduler, not PHP',
        );
        $processes = $this->machine->maxProcesses();
        if (null !== $processes && $config->workers * $servers > $processes) {
            throw ConfigError::invalid(
                'workers',
                $config->workers,
                \sprintf(
                    '%d scenarios × %d workers are %d processes, more than the %d this user may run (ulimit -u); '
                    .'lower --workers (preheat.json: bench.workers)',
                    $servers,
                    $config->workers,
                    $config->workers * $servers,
                    $processes,
                ),
            );
        }
    }

    private function concurrency(int $concurrency): void
    {
        $this->atMost(
            'concurrency',
            '--concurrency',
            'bench.concurrency',
            $concurrency,
            self::MAX_CONCURRENCY,
            'connections; nginx takes 4096, two a request',
        );
        $files = $this->machine->openFiles();
        if (null !== $files && 2 * $concurrency + self::SPARE_FILES > $files) {
            throw ConfigError::invalid(
                'concurrency',
                $concurrency,
                \sprintf(
                    'each connection takes two open files in nginx, and this process may open %d (ulimit -n): at '
                    .'most %d connections; lower --concurrency (preheat.json: bench.concurrency) or raise ulimit -n',
                    $files,
                    max(0, intdiv($files - self::SPARE_FILES, 2)),
                ),
            );
        }
    }

    /** Every scenario's server runs at the same time, each with its workers and its OPcache. */
    private function memory(BenchConfig $config, int $servers): void
    {
        $available = $this->machine->availableMemory();
        if (null === $available) {
            return;
        }
        $opcache = null === $config->opcacheMemoryMb
            ? MachineCapacity::OPCACHE_BYTES
            : $config->opcacheMemoryMb * 1024 * 1024;
        $needed = $servers * ($config->workers * MachineCapacity::WORKER_BYTES + $opcache);
        $room = (int) ($available * self::MEMORY_SHARE);
        if ($needed <= $room) {
            return;
        }
        $fit = max(0, intdiv(intdiv($room, $servers) - $opcache, MachineCapacity::WORKER_BYTES));
        throw ConfigError::invalid(
            'workers',
            $config->workers,
            \sprintf(
                '%d scenarios\' servers run at the same time, each with %d workers of about %d MB and %d MB of '
                .'OPcache: about %s, and this machine has %s available (MemAvailable in /proc/meminfo; the servers '
                .'may take %d%% of it). %s',
                $servers,
                $config->workers,
                intdiv(MachineCapacity::WORKER_BYTES, 1024 * 1024),
                intdiv($opcache, 1024 * 1024),
                self::bytes($needed),
                self::bytes($available),
                (int) (self::MEMORY_SHARE * 100),
                $fit > 0
                    ? \sprintf(
                        'At most %d workers fit: lower --workers (preheat.json: bench.workers), or give fewer '
                        .'scenarios',
                        $fit,
                    )
                    : 'Not even one worker fits: give fewer scenarios or a smaller bench.opcacheMemory, or free memory',
            ),
        );
    }

    private function atMost(
        string $setting,
        ?string $option,
        string $key,
        int|float $value,
        int|float $limit,
        string $why,
    ): void {
        if ($value > $limit || is_nan((float) $value)) {
            throw ConfigError::invalid(
                $setting,
                $value,
                \sprintf(
                    'at most %s (%s); lower %s',
                    self::number($limit),
                    $why,
                    null === $option ? 'preheat.json\'s '.$key : \sprintf('%s (preheat.json: %s)', $option, $key),
                ),
            );
        }
    }

    private static function number(int|float $value): string
    {
        return \is_int($value) || floor($value) === $value ? number_format($value, 0, '.', '') : (string) $value;
    }

    private static function bytes(int $bytes): string
    {
        return $bytes >= 1024 ** 4
            ? \sprintf('%.1f TB', $bytes / 1024 ** 4)
            : (
                $bytes >= 1024 ** 3
                    ? \sprintf('%.1f GB', $bytes / 1024 ** 3)
                    : \sprintf('%d MB', intdiv($bytes, 1024 * 1024))
            );
    }
}
