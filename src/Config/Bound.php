<?php

declare(strict_types=1);

namespace Preheat\Config;

use Preheat\ConfigError;

/**
 * The range of every count and length of time a benchmark takes from the user, each in one place: the
 * lowest value (checked in preheat.json, naming the file and key, and again on the value the run gets,
 * which an option may have set) and the highest (what would fill the machine or never end, checked by
 * BenchLimits before any server starts, naming the key and the option).
 */
enum Bound: string
{
    case Rounds = 'rounds';
    case Duration = 'duration';
    case Warmup = 'warmup';
    case Concurrency = 'concurrency';
    case Workers = 'workers';
    case Timeout = 'timeout';
    case RecordSeconds = 'recordSeconds';
    case RecorderSample = 'recorderSample';
    case OpcacheMemory = 'opcacheMemory';
    case RestartEvery = 'restartEvery';
    case MaxTime = 'maxTime';
    case WorkerMaxRequests = 'worker.maxRequests';
    case WorkerMaxBodyBytes = 'worker.maxBodyBytes';

    /** What the measured rounds may take at the most: a day. */
    public const MAX_SECONDS = 86400.0;
    /** One round's load, the warm-up, a request's timeout, the recording for hot: an hour each at the most. */
    public const MAX_PHASE_SECONDS = 3600.0;
    public const MAX_ROUNDS = 10000;
    /**
     * php-fpm or Apache prefork children per server, whatever the memory: beyond, a benchmark measures the scheduler.
     */
    public const MAX_WORKERS = 1024;
    /** nginx runs one worker with 4096 connections, and each request holds two (the client's and php-fpm's). */
    public const MAX_CONCURRENCY = 2000;
    public const MAX_RECORDER_SAMPLE = 1_000_000;
    public const MAX_WORKER_REQUESTS = 1_000_000_000;
    public const MAX_BODY_BYTES = 1024 * 1024 * 1024;
    public const MAX_OPCACHE_MB = 65536;
    /**
     * The shortest time a request may take: below it every page fails the check for its timeout (1e-300 s is above
     * 0), and the run would end blaming the URLs.
     */
    public const MIN_REQUEST_TIMEOUT = 0.1;

    /** The preheat.json key, under bench. */
    public function key(): string
    {
        return 'bench.'.$this->value;
    }

    public function isInteger(): bool
    {
        return !\in_array(
            $this,
            [self::Duration, self::Warmup, self::Timeout, self::RecordSeconds, self::MaxTime],
            true,
        );
    }

    /**
     * The lowest value, and whether it is allowed itself.
     *
     * @return array{int|float, bool}
     */
    private function minimum(): array
    {
        return match ($this) {
            self::Timeout => [self::MIN_REQUEST_TIMEOUT, true],
            self::Duration, self::RecordSeconds => [0, false],
            self::Warmup, self::RestartEvery, self::MaxTime, self::WorkerMaxRequests, self::WorkerMaxBodyBytes => [
                0,
                true,
            ],
            default => [1, true],
        };
    }

    /** What preheat.json's message says a valid value is. */
    private function expected(): string
    {
        [$minimum, $inclusive] = $this->minimum();
        $counts = match ($this) {
            self::Rounds => 'a whole number of rounds',
            self::Duration => 'seconds of load per scenario per round',
            self::Warmup => 'seconds of warm-up',
            self::Concurrency => 'a whole number of connections',
            self::Workers => 'a whole number of workers',
            self::Timeout => 'seconds a request may take',
            self::RecordSeconds => 'seconds of recording',
            self::RecorderSample => 'a sampling rate (1 in N requests)',
            self::OpcacheMemory => 'megabytes of OPcache memory',
            self::RestartEvery => 'a whole number of rounds between restarts (0: never)',
            self::MaxTime => 'seconds or a duration such as "240s", "4m" or "1m30s" (0 or more)',
            self::WorkerMaxRequests => 'a whole number of requests, 0 or more (0: never restart a worker)',
            self::WorkerMaxBodyBytes => 'a whole number of bytes, 0 or more',
        };

        return match ($this) {
            self::MaxTime, self::WorkerMaxRequests, self::WorkerMaxBodyBytes => 'expected '.$counts,
            default => \sprintf('expected %s, %s %s', $counts, $inclusive ? 'at least' : 'above', $minimum),
        };
    }

    /** What the message about a value the run got (from an option or the file) says. */
    private function atLeast(): string
    {
        return match ($this) {
            self::RecordSeconds => 'expected seconds of recording, above 0',
            self::RecorderSample => 'expected a sampling rate of at least 1 (1 in N requests)',
            self::Duration => 'expected seconds, above 0',
            self::Timeout => \sprintf(
                'expected the seconds a request may take, at least %s (shorter, every page times out)',
                self::MIN_REQUEST_TIMEOUT,
            ),
            self::Warmup => 'expected seconds, 0 or more',
            self::RestartEvery => 'rounds between restarts of the servers: a whole number, 0 for never',
            self::MaxTime => 'the time the measured rounds may take, e.g. 240s or 4m (0: the minimum rounds only)',
            self::Rounds, self::Concurrency, self::Workers => 'must be at least 1',
            default => $this->expected(),
        };
    }

    /** The highest value, and why. */
    public function maximum(): int|float
    {
        return match ($this) {
            self::Rounds, self::RestartEvery => self::MAX_ROUNDS,
            self::Duration, self::Warmup, self::Timeout, self::RecordSeconds => self::MAX_PHASE_SECONDS,
            self::MaxTime => self::MAX_SECONDS,
            self::Concurrency => self::MAX_CONCURRENCY,
            self::Workers => self::MAX_WORKERS,
            self::RecorderSample => self::MAX_RECORDER_SAMPLE,
            self::OpcacheMemory => self::MAX_OPCACHE_MB,
            self::WorkerMaxRequests => self::MAX_WORKER_REQUESTS,
            self::WorkerMaxBodyBytes => self::MAX_BODY_BYTES,
        };
    }

    private function why(): string
    {
        return match ($this) {
            self::Rounds => 'more rounds are what the time limit and the precision add when they are needed',
            self::Duration, self::Warmup, self::Timeout, self::RecordSeconds => 'seconds; an hour at the most',
            self::MaxTime => 'seconds the measured rounds may take; a day at the most',
            self::RestartEvery => 'rounds between restarts',
            self::Concurrency => 'connections; nginx takes 4096, two a request',
            self::Workers => 'PHP workers per server; beyond that a benchmark measures the scheduler, not PHP',
            self::RecorderSample => '1 request in N is recorded',
            self::OpcacheMemory => 'megabytes of OPcache per server',
            self::WorkerMaxRequests => 'requests before a worker is replaced (0: never)',
            self::WorkerMaxBodyBytes => 'bytes of a request body a worker holds in memory; 1 GB at the most',
        };
    }

    /** A value preheat.json gives, against the lowest: the message names the file and the key. */
    public function checkInFile(string $file, int|float $value): void
    {
        if ($this->below($value)) {
            throw ConfigError::invalid($file.' key '.$this->key(), $value, $this->expected());
        }
    }

    /** The value the run gets, from an option or the file, against the lowest. */
    public function checkMinimum(int|float $value): void
    {
        // maxTime alone was always refused when not finite; the others meet their highest.
        if ($this->below($value) || (self::MaxTime === $this && !is_finite((float) $value))) {
            throw ConfigError::invalid($this->value, $value, $this->atLeast());
        }
    }

    /**
     * The value the run gets against the highest: the message names the key, and the option that sets it
     * when the caller (the console, which knows the options) gives one.
     *
     * @param string|null $why what the limit is for, when the caller says it better (naming options)
     */
    public function checkMaximum(int|float $value, ?string $option = null, ?string $why = null): void
    {
        $limit = $this->maximum();
        if ($value > $limit || is_nan((float) $value)) {
            $lower = null === $option
                ? 'preheat.json\'s '.$this->key()
                : \sprintf('%s (preheat.json: %s)', $option, $this->key());
            $error = ConfigError::invalid(
                $this->value,
                $value,
                \sprintf('at most %s (%s); lower %s', self::number($limit), $why ?? $this->why(), $lower),
            );
            throw $error;
        }
    }

    private function below(int|float $value): bool
    {
        [$minimum, $inclusive] = $this->minimum();

        return $inclusive ? $value < $minimum : $value <= $minimum;
    }

    private static function number(int|float $value): string
    {
        return \is_int($value) || floor($value) === $value ? number_format($value, 0, '.', '') : (string) $value;
    }
}
