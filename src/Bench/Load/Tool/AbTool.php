<?php

declare(strict_types=1);

namespace Preheat\Bench\Load\Tool;

use Preheat\Bench\Load\AbLoadGenerator;
use Preheat\Bench\Load\LoadGenerator;
use Preheat\Bench\Load\LoadSettings;
use Preheat\Bench\Load\LoadTool;
use Preheat\Process\ProcessRunner;
use Preheat\Server\Binaries;

/** ApacheBench: HTTP/1.0 without keep-alive, through the web server. */
final class AbTool implements LoadTool
{
    public function name(): string
    {
        return 'ab';
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
        return \sprintf('ab -c %d -t %g -l (HTTP/1.0, no keep-alive)', $settings->concurrency, $settings->duration);
    }

    public function generator(ProcessRunner $runner, Binaries $binaries, ?string $user): LoadGenerator
    {
        return new AbLoadGenerator($runner);
    }
}
