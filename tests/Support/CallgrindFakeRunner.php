<?php

declare(strict_types=1);

namespace Preheat\Tests\Support;

use Preheat\Process\ProcessResult;
use Preheat\Process\ProcessRunner;
use Preheat\Process\RunningProcess;

/** Answers a valgrind command as valgrind would: the captured profile under the PID it announces on stderr. */
final class CallgrindFakeRunner implements ProcessRunner
{
    /** php-cgi -T 5 with a preload, as the workers' user: the preload's request, then five. */
    public const PROFILE = __DIR__.'/../Fixtures/callgrind/php-cgi-T5-preload.out';

    /** @var list<array{list<string>, array<string, string>, ?string}> */
    public array $commands = [];

    public function __construct(
        private readonly int $exitCode = 0,
        private readonly string $stdout = "Content-type: text/html; charset=UTF-8\r\n\r\n<h1>Hello</h1>",
        private readonly string $stderr = '',
        private readonly ?string $childProfile = null,
    ) {
    }

    public function run(array $command, ?string $workingDirectory = null, float $timeoutSeconds = 300.0, ?array $environment = null): ProcessResult
    {
        $this->commands[] = [$command, $environment ?? [], $workingDirectory];
        $file = null;
        foreach ($command as $argument) {
            if (str_starts_with($argument, '--callgrind-out-file=')) {
                $file = substr($argument, \strlen('--callgrind-out-file='));
            }
        }
        \assert(null !== $file);
        copy(self::PROFILE, str_replace('%p', '4242', $file));
        if (null !== $this->childProfile) {
            file_put_contents(str_replace('%p', '4250', $file), $this->childProfile);
        }
        $stderr = "==4242== Callgrind, a call-graph generating cache profiler\n==4242== Command: php-cgi8.2 -T 5 index.php\n==4242== \n".$this->stderr;

        return new ProcessResult($command, $this->exitCode, $this->stdout, $stderr, 3.5);
    }

    public function start(array $command, ?string $workingDirectory = null, ?array $environment = null): RunningProcess
    {
        throw new \LogicException('valgrind runs to completion');
    }
}
