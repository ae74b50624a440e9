<?php

declare(strict_types=1);

namespace Preheat\Bench\Config;

use Preheat\Bench\Ladder\Ladder;
use Preheat\Bench\Rounds\StoppingRule;
use Preheat\Plan\Strategy\HotCriteria;
use Preheat\Server\Worker\WorkerSettings;
use Preheat\Setting;
use Preheat\Util\Cpu;

/**
 * Everything a benchmark run needs, validated: what to serve, which scenarios, how to load it.
 */
final class BenchConfig
{
    /** together or turns (see SCHEDULES): by default together, except for the tools that run PHP themselves. */
    public readonly string $schedule;

    /** Rounds between restarts of every scenario's server (0: never); by default DEFAULT_RESTART_EVERY together, never in turns. */
    public readonly int $restartEvery;

    /** How the scenarios are measured: load through the web server (wrk, ab), php-cgi -T timed, or its instructions counted under valgrind. */
    public const TOOLS = ['wrk', 'ab', 'cgi', 'callgrind'];
    /** Tools that run the app in php-cgi themselves rather than sending requests to a server. */
    public const IN_PROCESS_TOOLS = ['cgi', 'callgrind'];
    /**
     * How each round loads the scenarios: all at the same time (each then meets the same machine, so
     * what a busy host does to the CPU falls on all alike and cancels out of their ratios), or in
     * turns, each alone on the machine (req/s is then what one server alone serves).
     */
    public const SCHEDULES = ['together', 'turns'];
    /** What serves the app: nginx + php-fpm, Apache (prefork) + mod_php, or persistent workers (the app booted once). */
    public const RUNTIMES = ['fpm', 'mod_php', 'worker'];

    // The defaults, here only: the constructor and preheat.json's loader both take them from here.
    public const DEFAULT_DOCUMENT_ROOT = 'public';
    public const DEFAULT_FRONT_CONTROLLER = 'index.php';
    public const DEFAULT_URLS = ['/'];
    public const DEFAULT_SCENARIOS = ['none' => 'none', 'all' => 'all'];
    /** The rounds always run; more follow until every gain is precise enough or time runs out. */
    public const DEFAULT_ROUNDS = 5;
    /** The half-width every gain's 95% interval should reach, in points: ±2 %. */
    public const DEFAULT_PRECISION = 2.0;
    /** Seconds the measured rounds may take together: about 4 minutes of measuring. */
    public const DEFAULT_MAX_TIME = 240.0;
    /**
     * Seconds of load per scenario per round: short rounds, many of them. Together, what moves a round's
     * ratio is mostly how a server started anew differs from its twin, so it is the starts that count,
     * and short rounds leave time for more of them.
     */
    public const DEFAULT_DURATION = 2.0;
    /**
     * Together, every scenario's server is started anew after this many rounds: a server started anew
     * runs a little faster or slower than its identical twin (up to about 1% on the demo) and stays so
     * until restarted, so the gains' intervals are taken over restarts, which see that, not over rounds.
     * On the demo's ladder that offset outweighs what more rounds of one start would add: 4 rounds a
     * start gave some 12 starts in 4 minutes where 10 gave 8 and missed ±2 points on preload all.
     */
    public const DEFAULT_RESTART_EVERY = 4;
    public const DEFAULT_WARMUP = 3.0;
    public const DEFAULT_CONCURRENCY = 8;
    public const DEFAULT_WORKERS = 4;
    public const DEFAULT_TOOL = 'wrk';
    public const DEFAULT_CGI_REQUESTS = 500;
    // Under valgrind a request of a framework takes seconds; instruction counts vary little between requests.
    public const DEFAULT_CALLGRIND_REQUESTS = 5;
    public const DEFAULT_CALLGRIND_WARMUP = 2;
    public const DEFAULT_VALGRIND_BINARY = 'valgrind';
    public const DEFAULT_PHP_BINARY = \PHP_BINARY;
    public const DEFAULT_FPM_BINARY = 'php-fpm'.\PHP_MAJOR_VERSION.'.'.\PHP_MINOR_VERSION;
    public const DEFAULT_CGI_BINARY = 'php-cgi'.\PHP_MAJOR_VERSION.'.'.\PHP_MINOR_VERSION;
    public const DEFAULT_NGINX_BINARY = 'nginx';
    public const DEFAULT_APACHE_BINARY = 'apache2';
    public const DEFAULT_RUNTIME = 'fpm';
    public const DEFAULT_REQUEST_TIMEOUT = 10.0;
    public const DEFAULT_RECORD_SECONDS = 10.0;
    public const DEFAULT_RECORDER_SAMPLE = 10;

    /**
     * @param list<UrlSpec>      $urls
     * @param list<ScenarioSpec> $scenarios the first is the baseline the others are compared with (the ladder's rungs with a ladder)
     * @param list<string>       $masks     regular expressions for volatile parts of pages (tokens, dates)
     * @param list<string>       $paths     what `generate` scans for strategy scenarios (empty: the project's defaults)
     * @param list<string>       $ignore
     */
    public function __construct(
        public readonly string $projectRoot,
        public readonly string $documentRoot,
        public readonly string $frontController,
        public readonly array $urls,
        public readonly array $scenarios,
        public readonly int $rounds = self::DEFAULT_ROUNDS,
        public readonly float $duration = self::DEFAULT_DURATION,
        public readonly float $warmup = self::DEFAULT_WARMUP,
        public readonly int $concurrency = self::DEFAULT_CONCURRENCY,
        public readonly int $workers = self::DEFAULT_WORKERS,
        public readonly string $tool = self::DEFAULT_TOOL,
        public readonly int $cgiRequests = self::DEFAULT_CGI_REQUESTS,
        public readonly array $masks = [],
        public readonly array $paths = [],
        public readonly array $ignore = [],
        public readonly string $phpBinary = self::DEFAULT_PHP_BINARY,
        public readonly string $fpmBinary = self::DEFAULT_FPM_BINARY,
        public readonly string $cgiBinary = self::DEFAULT_CGI_BINARY,
        public readonly string $nginxBinary = self::DEFAULT_NGINX_BINARY,
        public readonly ?string $phpIni = null,
        public readonly ?int $opcacheMemoryMb = null,
        public readonly float $requestTimeout = self::DEFAULT_REQUEST_TIMEOUT,
        public readonly ?string $usageStore = null,
        public readonly HotCriteria $hot = new HotCriteria(HotCriteria::DEFAULT_COVERAGE),
        public readonly float $recordSeconds = self::DEFAULT_RECORD_SECONDS,
        public readonly int $recorderSample = self::DEFAULT_RECORDER_SAMPLE,
        public readonly string $runtime = self::DEFAULT_RUNTIME,
        public readonly string $apacheBinary = self::DEFAULT_APACHE_BINARY,
        public readonly float $precision = self::DEFAULT_PRECISION,
        public readonly float $maxTime = self::DEFAULT_MAX_TIME,
        public readonly ?Ladder $ladder = null,
        public readonly ?WorkerSettings $worker = null,
        public readonly int $callgrindRequests = self::DEFAULT_CALLGRIND_REQUESTS,
        public readonly int $callgrindWarmup = self::DEFAULT_CALLGRIND_WARMUP,
        public readonly string $valgrindBinary = self::DEFAULT_VALGRIND_BINARY,
        ?string $schedule = null,
        ?int $restartEvery = null,
    ) {
        // Tools that run PHP themselves (php-cgi) load nothing in the background: their rounds take turns.
        $this->schedule = $schedule ?? (\in_array($tool, self::IN_PROCESS_TOOLS, true) ? 'turns' : 'together');
        if (!\in_array($this->schedule, self::SCHEDULES, true)) {
            throw ConfigError::invalid('schedule', $this->schedule, 'use together (every scenario of a round loaded at the same time) or turns (one after another)');
        }
        if ('together' === $this->schedule && \in_array($tool, self::IN_PROCESS_TOOLS, true)) {
            throw ConfigError::invalid('schedule', $this->schedule, \sprintf('%s runs PHP itself, one scenario at a time; use turns, or wrk or ab to load the scenarios together', $tool));
        }
        $this->restartEvery = $restartEvery ?? ('together' === $this->schedule ? self::DEFAULT_RESTART_EVERY : 0);
        if ($this->restartEvery < 0) {
            throw ConfigError::invalid('restartEvery', $this->restartEvery, 'rounds between restarts of the servers: a whole number, 0 for never');
        }
        if ($this->restartEvery > 0 && \in_array($tool, self::IN_PROCESS_TOOLS, true)) {
            throw ConfigError::invalid('restartEvery', $this->restartEvery, \sprintf('%s runs PHP itself, a new php-cgi every run: there is no server to restart; use 0', $tool));
        }
        if ([] === $urls) {
            throw ConfigError::invalid('urls', [], 'give at least one page, e.g. /', Setting::Urls);
        }
        if ([] === $scenarios) {
            throw ConfigError::invalid('scenarios', [], 'give at least one, e.g. none and all', Setting::Scenarios);
        }
        $names = array_map(static fn (ScenarioSpec $s): string => $s->name, $scenarios);
        if (\count($names) !== \count(array_unique($names))) {
            throw ConfigError::invalid('scenarios', implode(', ', $names), 'each scenario needs its own name', Setting::Scenarios);
        }
        foreach (['rounds' => $rounds, 'concurrency' => $concurrency, 'workers' => $workers, 'cgiRequests' => $cgiRequests, 'callgrindRequests' => $callgrindRequests] as $setting => $value) {
            if ($value < 1) {
                throw ConfigError::invalid($setting, $value, 'must be at least 1');
            }
        }
        if ($callgrindWarmup < 1) {
            throw ConfigError::invalid('callgrindWarmup', $callgrindWarmup, 'must be at least 1: the first request compiles what is not preloaded yet');
        }
        if ($recordSeconds <= 0) {
            throw ConfigError::invalid('recordSeconds', $recordSeconds, 'expected seconds of recording, above 0');
        }
        if ($recorderSample < 1) {
            throw ConfigError::invalid('recorderSample', $recorderSample, 'expected a sampling rate of at least 1 (1 in N requests)');
        }
        foreach (['duration' => [$duration, false], 'warmup' => [$warmup, true], 'timeout' => [$requestTimeout, false]] as $setting => [$seconds, $zero]) {
            if ($zero ? $seconds < 0 : $seconds <= 0) {
                throw ConfigError::invalid($setting, $seconds, $zero ? 'expected seconds, 0 or more' : 'expected seconds, above 0');
            }
        }
        if (!($precision > 0.0) || !is_finite($precision)) {
            throw ConfigError::invalid('precision', $precision, 'the half-width every gain\'s interval should reach, in points above 0, e.g. 2 for ±2 %');
        }
        if ($maxTime < 0.0 || !is_finite($maxTime)) {
            throw ConfigError::invalid('maxTime', $maxTime, 'the time the measured rounds may take, e.g. 240s or 4m (0: the minimum rounds only)');
        }
        if (!\in_array($tool, self::TOOLS, true)) {
            throw ConfigError::invalid('tool', $tool, 'use one of '.implode(', ', self::TOOLS));
        }
        if (\in_array($tool, self::IN_PROCESS_TOOLS, true) && (null !== $ladder || 'worker' === $runtime)) {
            // php-cgi runs the app itself: no web server, no persistent worker, so the ceiling (or the whole bench) would not be what it says.
            throw ConfigError::invalid('tool', $tool, \sprintf('%s runs the app in php-cgi, without the %s; use wrk or ab', $tool, null !== $ladder ? 'web servers the ladder compares (its ceiling runs on persistent workers)' : 'persistent workers'));
        }
        if (!\in_array($runtime, self::RUNTIMES, true)) {
            throw ConfigError::invalid('runtime', $runtime, 'use one of '.implode(', ', self::RUNTIMES).' (php-cgi without a web server is the load tool cgi)');
        }
        foreach ($masks as $mask) {
            if (false === @preg_match($mask, '')) {
                throw ConfigError::invalid('mask', $mask, 'not a valid PCRE pattern with delimiters, e.g. "/token=\\w+/"');
            }
        }
        if (!is_file($frontController)) {
            throw ConfigError::invalid('front controller', $frontController, 'no such file: set "frontController" (relative to documentRoot) in preheat.json');
        }
    }

    /**
     * Workers when none are configured: php-fpm and Apache get a few more than the cores, because a
     * worker waits on I/O now and then; persistent workers, which never block on start-up, one per core.
     */
    public static function defaultWorkers(string $runtime): int
    {
        return 'worker' === $runtime ? max(1, Cpu::cores()) : self::DEFAULT_WORKERS;
    }

    /** When to stop adding rounds: at least `rounds`, then until every gain is within `precision` points or `maxTime` runs out. */
    public function stoppingRule(): StoppingRule
    {
        return new StoppingRule($this->rounds, $this->precision, $this->maxTime, $this->restartEvery > 0);
    }

    public function baseline(): ScenarioSpec
    {
        foreach ($this->scenarios as $scenario) {
            if ($scenario->isNone()) {
                return $scenario;
            }
        }

        return $this->scenarios[0];
    }
}
