<?php

declare(strict_types=1);

namespace Preheat\Tests\Unit\Process;

use PHPUnit\Framework\TestCase;
use Preheat\Process\ProcessFailed;
use Preheat\Process\SymfonyProcessRunner;

/** A program that is not there is named the same way on every PHP, whatever spawned it. */
final class SymfonyProcessRunnerTest extends TestCase
{
    public function testAMissingProgramIsCommandNotFoundOnEveryPhp(): void
    {
        $runner = new SymfonyProcessRunner();
        $cases = [
            // The program itself, spawned directly (PHP 8.2): exit 127, nothing said.
            'PHP 8.2' => ['sh', '-c', 'exit 127'],
            // Spawned through the shell after PHP 8.4's spawn failed: the shell's words, dash's and bash's.
            'dash' => ['sh', '-c', 'echo "sh: 1: exec: php-nowhere: not found" >&2; exit 127'],
            'bash' => ['sh', '-c', 'echo "bash: line 1: exec: php-nowhere: not found" >&2; exit 127'],
        ];
        foreach ($cases as $case => $command) {
            try {
                $runner->run($command);
                self::fail($case.': a program that is not there fails');
            } catch (ProcessFailed $failed) {
                self::assertSame(
                    'Cannot run `sh`: command not found. Check that the program exists and is executable.',
                    $failed->getMessage(),
                    $case,
                );
            }
        }
    }

    public function testWhatAProgramSaidWithExitCode127IsKept(): void
    {
        $this->expectExceptionMessage('Cannot run `sh`: php: cannot open /x.');

        (new SymfonyProcessRunner())->run(['sh', '-c', 'echo "php: cannot open /x" >&2; exit 127']);
    }

    public function testAPhpBinaryThatIsNotInstalledIsCommandNotFound(): void
    {
        $this->expectExceptionMessage('Cannot run `php-not-installed-here`: command not found.');

        (new SymfonyProcessRunner())->run(['php-not-installed-here', '-v']);
    }
}
