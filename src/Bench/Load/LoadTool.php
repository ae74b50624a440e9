<?php

declare(strict_types=1);

namespace Preheat\Bench\Load;

use Preheat\Config\IntegerSetting;
use Preheat\Process\ProcessRunner;
use Preheat\Server\Binaries;
use Preheat\Util\Named;

/**
 * One load tool the bench can measure with: its name for `--tool` and bench.tool, the binaries it runs
 * (keys under bench.binaries, with their defaults), whether it runs the app in PHP itself rather than
 * sending requests to a server, and how to make its generator. A new tool is a class implementing this,
 * added to the registry the console builds (LoadTools::standard() lists the shipped ones).
 */
interface LoadTool extends Named
{
    /** For `--tool`'s help, e.g. "php-cgi -T, no web server". */
    public function help(): string;

    /**
     * Whether it runs the app in php-cgi itself, one scenario at a time: no web server, no persistent
     * worker, nothing in the background, nothing to restart.
     */
    public function runsPhp(): bool;

    /**
     * Whether its generator loads in the background (a BackgroundLoadGenerator), so that every scenario of a round
     * can be loaded at the same time: the schedule is together by default when it does, turns when it does not,
     * and together is refused for it then.
     */
    public function loadsTogether(): bool;

    /** @return array<string, string> bench.binaries key => default binary */
    public function binaries(): array;

    /**
     * The settings of its own, each a preheat.json key under bench and a bench option of the same name (the help,
     * the schema and the key check list them); their values reach its generator in LoadSettings::$tool.
     *
     * @return list<IntegerSetting>
     */
    public function settings(): array;

    /** The report's line for how it loads, e.g. "wrk -t 1 -c 8 -d 2s (closed loop, keep-alive)". */
    public function describe(LoadSettings $settings): string;

    /** @param string|null $user as root, the user PHP's workers run as */
    public function generator(ProcessRunner $runner, Binaries $binaries, ?string $user): LoadGenerator;
}
