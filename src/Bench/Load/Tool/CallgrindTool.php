<?php

declare(strict_types=1);

namespace Preheat\Bench\Load\Tool;

use Preheat\Bench\Load\CallgrindLoadGenerator;
use Preheat\Bench\Load\LoadGenerator;
use Preheat\Bench\Load\LoadSettings;
use Preheat\Bench\Load\LoadTool;
use Preheat\Process\ProcessRunner;
use Preheat\Server\Binaries;

/** Instructions per request of php-cgi -T under valgrind's callgrind: in-process, without a web server. */
final class CallgrindTool implements LoadTool
{
    public function name(): string
    {
        return 'callgrind';
    }

    public function help(): string
    {
        return 'instructions per request of php-cgi -T under valgrind';
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
        return (new CgiTool())->binaries() + ['valgrind' => 'valgrind'];
    }

    public function settings(): array
    {
        return [CallgrindLoadGenerator::requests(), CallgrindLoadGenerator::warmup()];
    }

    public function describe(LoadSettings $settings): string
    {
        $requests = $settings->tool->of(CallgrindLoadGenerator::requests());
        $warmup = $settings->tool->of(CallgrindLoadGenerator::warmup());

        return \sprintf(
            'valgrind --tool=callgrind php-cgi -T %d: instructions per request over the last %d, after %d warm-up'
            .' (in-process, no web server)',
            $warmup + $requests,
            $requests,
            $warmup,
        );
    }

    public function generator(ProcessRunner $runner, Binaries $binaries, ?string $user): LoadGenerator
    {
        return new CallgrindLoadGenerator(
            $runner,
            $binaries->get(CgiTool::BINARY),
            $binaries->get('valgrind'),
            $user,
        );
    }
}
