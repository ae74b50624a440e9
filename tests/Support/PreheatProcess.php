<?php

declare(strict_types=1);

namespace Preheat\Tests\Support;

use Symfony\Component\Process\Process;

/** Runs bin/preheat as users do, in a separate process. */
final class PreheatProcess
{
    /** @param list<string> $arguments */
    public static function run(array $arguments, ?string $workingDirectory = null): Process
    {
        $process = new Process([\PHP_BINARY, \dirname(__DIR__, 2).'/bin/preheat', ...$arguments], $workingDirectory, null, null, 120);
        $process->run();

        return $process;
    }

    /**
     * @param list<string> $arguments
     *
     * @return array{array<string, mixed>, Process} the decoded stdout, and the process
     */
    public static function json(array $arguments): array
    {
        $process = self::run([...$arguments, '--format=json']);
        $data = json_decode($process->getOutput(), true);
        if (!\is_array($data)) {
            throw new \RuntimeException("Not JSON on stdout (exit {$process->getExitCode()}):\n{$process->getOutput()}\n{$process->getErrorOutput()}");
        }

        return [$data, $process];
    }
}
