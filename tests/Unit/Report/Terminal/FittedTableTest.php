<?php

declare(strict_types=1);

namespace Preheat\Tests\Unit\Report\Terminal;

use PHPUnit\Framework\TestCase;
use Preheat\Report\Terminal\FittedTable;
use Preheat\Report\Terminal\TerminalWidth;
use Preheat\Report\Terminal\WordWrap;
use Symfony\Component\Console\Helper\Helper;
use Symfony\Component\Console\Output\BufferedOutput;
use Symfony\Component\Console\Output\StreamOutput;

final class FittedTableTest extends TestCase
{
    public function testWordsWrapAtSpacesByTerminalColumnsNotBytes(): void
    {
        self::assertSame(['+26.6% (+24.4% …', '+30.0%)'], WordWrap::lines('+26.6% (+24.4% … +30.0%)', 16));
        self::assertSame(['a-very-long-number-1234567890'], WordWrap::lines('a-very-long-number-1234567890', 10), 'never cut');
        self::assertSame(['/srv/app/v', 'endor/x.ph', 'p'], WordWrap::lines('/srv/app/vendor/x.php', 10, true), 'a path may be');
        self::assertSame(['* one two', '  three'], WordWrap::hanging('* one two three', 10, '  '));
        self::assertSame(['  indented', '  text'], WordWrap::hanging('  indented text', 10, '  '), 'an indented line stays');
        self::assertSame(['first line', 'second'], WordWrap::lines("first line\nsecond", 40), 'its own breaks are kept');
    }

    public function testTheLeastImportantColumnsGoFirstThenCellsWrap(): void
    {
        $table = new FittedTable(
            ['name', 'gain', 'verdict', 'memory', 'details'],
            [['all', '+26.6% (+24.4% … +30.0%)', 'no measurable difference', '12.0 MB', 'a rather long comment here']],
            [0, 0, 0, 1, 2],
        );
        $output = new BufferedOutput();

        $dropped = $table->render($output, 40);
        $text = $output->fetch();

        self::assertSame(['details', 'memory'], $dropped);
        foreach (explode("\n", rtrim($text)) as $line) {
            self::assertLessThanOrEqual(40, Helper::width($line), $line);
        }
        foreach (['+26.6%', '(+24.4%', '+30.0%)', 'measurable', 'difference'] as $word) {
            self::assertStringContainsString($word, $text);
        }
    }

    public function testWithoutAWidthNothingGoesOrWraps(): void
    {
        $output = new BufferedOutput();
        $dropped = (new FittedTable(['a', 'b'], [[str_repeat('x', 150), 'y']], [0, 1]))->render($output, null);

        self::assertSame([], $dropped);
        self::assertStringContainsString('| '.str_repeat('x', 150).' | y |', $output->fetch());
    }

    public function testACellIsTextNotAConsoleStyle(): void
    {
        $output = new BufferedOutput(BufferedOutput::VERBOSITY_NORMAL, true);
        (new FittedTable(['page', 'body'], [['/', '<error>x</error> and <info>y</info>']]))->render($output, null);

        self::assertStringContainsString('| /    | <error>x</error> and <info>y</info> |', $output->fetch());
    }

    public function testAFileOrAPipeHasNoWidthUnlessColumnsSaysSo(): void
    {
        $stream = fopen('php://memory', 'w');
        self::assertIsResource($stream);
        self::assertNull(TerminalWidth::of(new StreamOutput($stream)));
        $_ENV['COLUMNS'] = '132';
        try {
            self::assertSame(132, TerminalWidth::of(new StreamOutput($stream)));
        } finally {
            $_ENV['COLUMNS'] = '';
        }
    }
}
