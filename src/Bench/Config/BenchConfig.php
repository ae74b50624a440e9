<?php

declare(strict_types=1);

namespace Preheat\Bench\Config;

use Preheat\Setting;

/**
 * Everything a benchmark run needs, validated: what to serve, which scenarios, how to load it.
 */
final class BenchConfig
{
    public const TOOLS = ['wrk', 'ab', 'cgi'];

    /**
     * @param list<UrlSpec>      $urls
     * @param list<ScenarioSpec> $scenarios the first is the baseline the others are compared with
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
        public readonly int $rounds = 5,
        public readonly float $duration = 10.0,
        public readonly float $warmup = 3.0,
        public readonly int $concurrency = 8,
        public readonly int $workers = 4,
        public readonly string $tool = 'wrk',
        public readonly int $cgiRequests = 500,
        public readonly array $masks = [],
        public readonly array $paths = [],
        public readonly array $ignore = [],
        public readonly string $phpBinary = \PHP_BINARY,
        public readonly string $fpmBinary = 'php-fpm8.2',
        public readonly string $cgiBinary = 'php-cgi8.2',
        public readonly string $nginxBinary = 'nginx',
        public readonly ?string $phpIni = null,
        public readonly ?int $opcacheMemoryMb = null,
        public readonly float $requestTimeout = 10.0,
        public readonly ?string $usageStore = null,
        public readonly HotSettings $hot = new HotSettings(),
        public readonly float $recordSeconds = 10.0,
        public readonly int $recorderSample = 10,
    ) {
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
        foreach (['rounds' => $rounds, 'concurrency' => $concurrency, 'workers' => $workers, 'cgiRequests' => $cgiRequests] as $setting => $value) {
            if ($value < 1) {
                throw ConfigError::invalid($setting, $value, 'must be at least 1');
            }
        }
        if ($recordSeconds <= 0 || $recorderSample < 1) {
            throw ConfigError::invalid('recordSeconds/recorderSample', [$recordSeconds, $recorderSample], 'seconds above 0, a sampling rate of at least 1 (1 in N requests)');
        }
        if ($duration <= 0 || $warmup < 0 || $requestTimeout <= 0) {
            throw ConfigError::invalid('duration/warmup/timeout', [$duration, $warmup, $requestTimeout], 'durations are seconds, duration and timeout above 0');
        }
        if (!\in_array($tool, self::TOOLS, true)) {
            throw ConfigError::invalid('tool', $tool, 'use one of '.implode(', ', self::TOOLS));
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
