<?php

declare(strict_types=1);

namespace Preheat\Tests\Unit\Progress;

use PHPUnit\Framework\TestCase;
use Preheat\Progress\ConsoleProgressLogger;
use Preheat\Progress\Line;
use Preheat\Progress\Outcome;
use Symfony\Component\Console\Output\BufferedOutput;

final class ConsoleProgressLoggerTest extends TestCase
{
    public function testEachLineCarriesTheMarkOfHowItsStepEnded(): void
    {
        $stderr = new BufferedOutput();
        $progress = new ConsoleProgressLogger($stderr);

        $progress->finish('Planned 9 files');
        $progress->finish(new Line('Booted PHP with the script: 44 fatal(s), 0 warning(s)', Outcome::Failed));
        $progress->finish(new Line('Pages checked: 1 broken', Outcome::Warning));
        $progress->finish(new Line('Scenario ceiling not measured: no worker runtime', Outcome::Skipped));

        self::assertSame(
            " ✓ Planned 9 files\n"
            ." ✗ Booted PHP with the script: 44 fatal(s), 0 warning(s)\n"
            ." ! Pages checked: 1 broken\n"
            ." - Scenario ceiling not measured: no worker runtime\n",
            $stderr->fetch(),
        );
    }

    public function testConsoleMarkupInWhatAStepSaysIsPrintedAsWrittenOnATerminal(): void
    {
        $stderr = new BufferedOutput(decorated: true);
        $progress = new ConsoleProgressLogger($stderr);

        $progress->finish('Wrote /srv/<fg=red>app/preload.php');

        self::assertSame(" \e[32m✓\e[39m Wrote /srv/<fg=red>app/preload.php\n", $stderr->fetch());
    }
}
