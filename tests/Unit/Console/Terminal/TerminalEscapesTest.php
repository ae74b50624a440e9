<?php

declare(strict_types=1);

namespace Preheat\Tests\Unit\Console\Terminal;

use PHPUnit\Framework\TestCase;
use Preheat\Console\Terminal\EscapingFormatter;
use Preheat\Console\Terminal\EscapingStreamOutput;
use Preheat\Console\Terminal\TerminalEscapes;
use Preheat\Progress\ConsoleProgressLogger;
use Symfony\Component\Console\Formatter\OutputFormatter;

final class TerminalEscapesTest extends TestCase
{
    /** Sets the title, clears the screen, returns to the line's start; then a C1 CSI and a right-to-left override. */
    private const HOSTILE = "a\e]0;PWNED\x07\e[2J\rb\u{9B}2J\u{202E}c";
    private const SHOWN = 'a\x1B]0;PWNED\x07\x1B[2J\x0Db\xC2\x9B2J\xE2\x80\xAEc';

    public function testEveryControlCharacterButLineFeedAndTabIsEscaped(): void
    {
        self::assertSame(self::SHOWN."\n\tnext", TerminalEscapes::escaped(self::HOSTILE."\n\tnext", false, false));
        self::assertSame('Foo\Bar \xA9', TerminalEscapes::escaped("Foo\\Bar \xA9", false, false), 'a stray byte too');
        self::assertSame('Café', TerminalEscapes::escaped('Café', true, true));
    }

    public function testOnATerminalTheFormattersColoursAndTheProgressBarsCursorMovesPass(): void
    {
        self::assertSame("\e[32mok\e[39m ".self::SHOWN, TerminalEscapes::escaped("\e[32mok\e[39m ".self::HOSTILE, true, true));
        self::assertSame("\e[1G\e[2K", TerminalEscapes::escaped("\e[1G\e[2K", true, false));
        self::assertSame("\r\e[2K", TerminalEscapes::escaped("\r\e[2K", true, true));
        // Not on a terminal nothing passes, and a message to be styled has no colours of its own.
        self::assertSame('\x1B[1G\x1B[2K', TerminalEscapes::escaped("\e[1G\e[2K", false, false));
        self::assertSame('\x1B[32mok', TerminalEscapes::escaped("\e[32mok", true, false));
    }

    public function testTheFormatterEscapesBeforeItStyles(): void
    {
        $formatter = new EscapingFormatter(true);

        self::assertSame("\e[32m".self::SHOWN."\e[39m", $formatter->format('<info>'.OutputFormatter::escape(self::HOSTILE).'</info>'));
    }

    public function testAProgressBarStillDrawsAndItsStageIsEscaped(): void
    {
        $stream = fopen('php://memory', 'w+');
        self::assertNotFalse($stream);
        $output = new EscapingStreamOutput($stream, decorated: true, formatter: new EscapingFormatter());
        $progress = new ConsoleProgressLogger($output);

        $progress->stage('Reading '.self::HOSTILE);
        $progress->advance(1, 3);
        $progress->advance(3, 3);
        $progress->finish('Read '.self::HOSTILE);
        rewind($stream);
        $written = (string) stream_get_contents($stream);

        self::assertStringContainsString("\e[1G\e[2K", $written, 'the bar redraws in place');
        self::assertStringContainsString('Reading '.self::SHOWN, $written);
        self::assertStringContainsString('Read '.self::SHOWN, $written);
        self::assertStringNotContainsString("\e]", $written);
        self::assertStringNotContainsString("\e[2J", $written);
    }
}
