<?php

declare(strict_types=1);

namespace Preheat\Bench\Config;

use Preheat\Bench\Load\LoadSettings;
use Preheat\Bench\Load\LoadTool;
use Preheat\Bench\Load\Schedule;
use Preheat\Config\Bound;
use Preheat\Config\IntegerSettings;
use Preheat\ConfigError;

/**
 * How the scenarios are loaded: the tool, how long and how hard, and how the rounds are scheduled.
 * LoadSettings, what each run of the tool takes, is made here once.
 */
final class LoadConfig
{
    public const DEFAULT_WARMUP = 3.0;
    public const DEFAULT_CONCURRENCY = 8;
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

    /** By default together, except for the tools that load one scenario at a time (LoadTool::loadsTogether()). */
    public readonly Schedule $schedule;

    /**
     * Rounds between restarts of every scenario's server (0: never); by default DEFAULT_RESTART_EVERY together, never
     * in turns.
     */
    public readonly int $restartEvery;

    /** What each run of the tool takes; the request timeout is the serve settings'. */
    public readonly LoadSettings $settings;

    public function __construct(
        public readonly LoadTool $tool,
        public readonly float $duration = self::DEFAULT_DURATION,
        public readonly float $warmup = self::DEFAULT_WARMUP,
        public readonly int $concurrency = self::DEFAULT_CONCURRENCY,
        /** The values of the settings the tools declare for themselves (LoadTool::settings()). */
        IntegerSettings $toolSettings = new IntegerSettings(),
        ?string $schedule = null,
        ?int $restartEvery = null,
        float $requestTimeout = 10.0,
    ) {
        $name = $tool->name();
        // A tool that loads nothing in the background (php-cgi runs PHP itself) takes turns, and says so when asked
        // for together: it would otherwise run in turns all the same, under the name together.
        $given = null === $schedule ? null : Schedule::tryFrom($schedule);
        if (null !== $schedule && null === $given) {
            $error = ConfigError::invalid(
                'schedule',
                $schedule,
                'use together (every scenario of a round loaded at the same time) or turns (one after another)',
            );
            throw $error;
        }
        $this->schedule = $given ?? ($tool->loadsTogether() ? Schedule::Together : Schedule::Turns);
        if (Schedule::Together === $this->schedule && !$tool->loadsTogether()) {
            $error = ConfigError::invalid(
                'schedule',
                $this->schedule->value,
                \sprintf(
                    '%s loads one scenario at a time; use turns, or a tool that sends requests to a server in the'
                    .' background to load the scenarios together',
                    $name,
                ),
            );
            throw $error;
        }
        $together = Schedule::Together === $this->schedule;
        $this->restartEvery = $restartEvery ?? ($together ? self::DEFAULT_RESTART_EVERY : 0);
        Bound::RestartEvery->checkMinimum($this->restartEvery);
        if ($this->restartEvery > 0 && $tool->runsPhp()) {
            $error = ConfigError::invalid(
                'restartEvery',
                $this->restartEvery,
                \sprintf('%s runs PHP itself, a new php-cgi every run: there is no server to restart; use 0', $name),
            );
            throw $error;
        }
        Bound::Concurrency->checkMinimum($concurrency);
        foreach ($toolSettings->all() as [$setting, $value]) {
            $setting->checkMinimum($value);
        }
        Bound::Duration->checkMinimum($duration);
        Bound::Warmup->checkMinimum($warmup);
        $this->settings = new LoadSettings($duration, $concurrency, $requestTimeout, 1, $toolSettings);
    }

    /** The report's line for how the tool loads. */
    public function describe(): string
    {
        return $this->tool->describe($this->settings);
    }
}
