<?php

declare(strict_types=1);

namespace Preheat\Bench\Load\Tool;

use Preheat\Bench\Load\LoadGenerator;
use Preheat\Bench\Load\LoadSettings;
use Preheat\Bench\Load\LoadTool;
use Preheat\Bench\Load\WrkLoadGenerator;
use Preheat\Process\ProcessRunner;
use Preheat\Server\Binaries;

/** wrk: a closed loop of keep-alive connections through the web server (the default). */
final class WrkTool implements LoadTool
{
    public function name(): string
    {
        return 'wrk';
    }

    public function help(): string
    {
        return '';
    }

    public function runsPhp(): bool
    {
        return false;
    }

    public function loadsTogether(): bool
    {
        return true;
    }

    public function binaries(): array
    {
        return [];
    }

    public function settings(): array
    {
        return [];
    }

    public function describe(LoadSettings $settings): string
    {
        return \sprintf(
            'wrk -t %d -c %d -d %gs (closed loop, keep-alive)',
            $settings->threads,
            $settings->concurrency,
            $settings->duration,
        );
    }

    public function generator(ProcessRunner $runner, Binaries $binaries, ?string $user): LoadGenerator
    {
        return new WrkLoadGenerator($runner);
    }
}
