<?php

declare(strict_types=1);

namespace Preheat\Console\Command;

use Preheat\Process\ProcessResult;
use Preheat\Process\ProcessRunner;
use Preheat\Process\RunningProcess;
use Preheat\Progress\Timings;

/**
 * The runner a profiled command hands to everything it builds: every process it starts is reported to the
 * timings, so none goes uncounted (one outside a named boot is listed as "other").
 */
final class TimedProcessRunner implements ProcessRunner
{
    public function __construct(private readonly ProcessRunner $inner, private readonly Timings $timings)
    {
    }

    public function run(
        array $command,
        ?string $workingDirectory = null,
        float $timeoutSeconds = 300.0,
        ?array $environment = null,
    ): ProcessResult {
        $started = hrtime(true);
        try {
            return $this->inner->run($command, $workingDirectory, $timeoutSeconds, $environment);
        } finally {
            $this->timings->process(self::describe($command), (hrtime(true) - $started) / 1e9);
        }
    }

    public function start(array $command, ?string $workingDirectory = null, ?array $environment = null): RunningProcess
    {
        // A server runs until stopped: it is counted, its seconds are those of the span it runs in.
        $this->timings->process(self::describe($command), 0.0);

        return $this->inner->start($command, $workingDirectory, $environment);
    }

    /** @param list<string> $command the program and what tells this run apart (-r, or the script it runs) */
    private static function describe(array $command): string
    {
        $program = basename($command[0] ?? '?');
        if (\in_array('-r', $command, true)) {
            return $program.' -r';
        }
        $last = \count($command) > 1 ? basename($command[\count($command) - 1]) : '';

        return trim($program.' '.$last);
    }
}
