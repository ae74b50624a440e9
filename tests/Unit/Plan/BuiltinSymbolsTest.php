<?php

declare(strict_types=1);

namespace Preheat\Tests\Unit\Plan;

use PHPUnit\Framework\TestCase;
use Preheat\Plan\BuiltinSymbols;
use Preheat\Process\ProcessResult;
use Symfony\Component\Process\Process;

/** The target PHP's built-ins and its version: what the plan is for. */
final class BuiltinSymbolsTest extends TestCase
{
    public function testTheProbeOfAnotherPhpTellsItsVersion(): void
    {
        $process = new Process([\PHP_BINARY, '-n', '-r', BuiltinSymbols::probeCode()]);
        $process->mustRun();

        $builtins = BuiltinSymbols::fromProbeOutput(new ProcessResult(['php'], 0, $process->getOutput(), '', 0.1));

        self::assertSame(\PHP_VERSION, $builtins->phpVersion);
        self::assertTrue($builtins->hasClass('ArrayObject'));
        self::assertSame('8.4.1', $builtins->withPhpVersion('8.4.1')->phpVersion);
        self::assertTrue($builtins->withPhpVersion('8.4.1')->hasFunction('strlen'));
    }

    public function testAProbeOfAnOlderPreheatWithoutAVersionMeansThisPhp(): void
    {
        $builtins = BuiltinSymbols::fromProbeOutput(
            new ProcessResult(['php'], 0, '{"classes": ["ArrayObject"], "functions": ["strlen"]}', '', 0.1),
        );

        self::assertSame(\PHP_VERSION, $builtins->phpVersion);
    }
}
