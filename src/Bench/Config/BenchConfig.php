<?php

declare(strict_types=1);

namespace Preheat\Bench\Config;

use Preheat\Bench\Ladder\Ladder;
use Preheat\Bench\Rounds\StoppingRule;
use Preheat\Bench\Scenario\ScenarioSpec;
use Preheat\ConfigError;
use Preheat\Server\Serve\ServeSettings;
use Preheat\Setting;

/**
 * Everything a benchmark run needs, validated, by stage: how to serve the app, how to load it, when to
 * stop adding rounds, what generate scans, where hot's traffic comes from; the pages and the scenarios.
 */
final class BenchConfig
{
    public const DEFAULT_URLS = ['/'];
    public const DEFAULT_SCENARIOS = ['none' => 'none', 'all' => 'all'];

    /** @var list<string> the pages' paths, in the order given */
    public readonly array $pages;

    /**
     * @param list<UrlSpec>      $urls
     * @param list<ScenarioSpec> $scenarios the first is the baseline the others are compared with
     *                                      (the ladder's rungs with a ladder)
     * @param list<string>       $masks     regular expressions for volatile parts of pages (tokens, dates)
     */
    public function __construct(
        public readonly ServeSettings $serve,
        public readonly LoadConfig $load,
        public readonly StoppingSettings $stopping,
        public readonly GenerateScope $scope,
        public readonly RecordingSettings $recording,
        public readonly array $urls,
        public readonly array $scenarios,
        public readonly array $masks = [],
        public readonly ?Ladder $ladder = null,
    ) {
        if ([] === $urls) {
            throw ConfigError::invalid('urls', [], 'give at least one page, e.g. /', Setting::Urls);
        }
        if ([] === $scenarios) {
            throw ConfigError::invalid('scenarios', [], 'give at least one, e.g. none and all', Setting::Scenarios);
        }
        $names = array_map(static fn (ScenarioSpec $s): string => $s->name, $scenarios);
        if (\count($names) !== \count(array_unique($names))) {
            $error = ConfigError::invalid(
                'scenarios',
                implode(', ', $names),
                'each scenario needs its own name',
                Setting::Scenarios,
            );
            throw $error;
        }
        $tool = $load->tool->name();
        if ($load->tool->runsPhp() && (null !== $ladder || $serve->runtime->keepsTheAppBooted())) {
            // php-cgi runs the app itself: no web server, no persistent worker, so the ceiling (or the whole
            // bench) would not be what it says.
            $error = ConfigError::invalid(
                'tool',
                $tool,
                \sprintf(
                    '%s runs the app in php-cgi, without the %s; use a tool that sends requests to a server',
                    $tool,
                    null !== $ladder
                        ? 'web servers the ladder compares (its ceiling runs on persistent workers)'
                        : 'persistent workers',
                ),
            );
            throw $error;
        }
        foreach ($masks as $mask) {
            if (false === @preg_match($mask, '')) {
                $error = ConfigError::invalid(
                    'mask',
                    $mask,
                    'not a valid PCRE pattern with delimiters, e.g. "/token=\\w+/"',
                );
                throw $error;
            }
        }
        $this->pages = array_map(static fn (UrlSpec $url): string => $url->path, $urls);
    }

    /**
     * When to stop adding rounds: at least `rounds`, then until every gain is within `precision` points or `maxTime`
     * runs out.
     */
    public function stoppingRule(): StoppingRule
    {
        return $this->stopping->rule($this->load->restartEvery > 0);
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
