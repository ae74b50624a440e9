<?php

declare(strict_types=1);

namespace Preheat\Bench\Load\Tool;

use Preheat\Bench\Load\CgiLoadGenerator;
use Preheat\Bench\Load\LoadGenerator;
use Preheat\Bench\Load\LoadSettings;
use Preheat\Bench\Load\LoadTool;
use Preheat\Process\ProcessRunner;
use Preheat\Server\Binaries;

/** php-cgi -T: the app run in-process, timed, without a web server. */
final class CgiTool implements LoadTool
{
    public const BINARY = 'cgi';

    public function name(): string
    {
        return 'cgi';
    }

    public function help(): string
    {
        return 'php-cgi -T, no web server';
    }

    public function runsPhp(): bool
    {
        return true;
    }

    public function loadsTogether(): bool
    {
        return false;
    }

    public function binaries(): array
    {
        return [self::BINARY => 'php-cgi'.\PHP_MAJOR_VERSION.'.'.\PHP_MINOR_VERSION];
    }

    public function settings(): array
    {
        return [CgiLoadGenerator::requests()];
    }

    public function describe(LoadSettings $settings): string
    {
        $requests = $settings->tool->of(CgiLoadGenerator::requests());

        return \sprintf('php-cgi -T %d,%d (in-process, no web server)', max(1, intdiv($requests, 10)), $requests);
    }

    public function generator(ProcessRunner $runner, Binaries $binaries, ?string $user): LoadGenerator
    {
        return new CgiLoadGenerator($runner, $binaries->get(self::BINARY), $user);
    }
}
