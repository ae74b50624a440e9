<?php

declare(strict_types=1);

namespace Preheat\Tests\Unit\Bench\Gate;

use PHPUnit\Framework\TestCase;
use Preheat\Bench\Gate\Hunk;
use Preheat\Bench\Gate\TokenDiff;
use Preheat\Bench\Gate\Tokens;

final class TokenDiffTest extends TestCase
{
    public function testTokensJoinBackIntoTheTextWhateverItsBytes(): void
    {
        $text = "<p class=\"x\">Grüße, 12.5 s\n\t\xff\xfe{\"a\":\"b\\/c\"}</p>";

        self::assertSame($text, implode('', Tokens::split($text)));
        self::assertSame(['<', 'p', ' ', 'class', '=', '"', 'x', '"', '>', 'Grüße', ',', ' ', '12', '.', '5', ' ', 's', "\n\t", "\xff\xfe", '{'], \array_slice(Tokens::split($text), 0, 20));
    }

    public function testHunksAreTheReplacedTokensOnEachSide(): void
    {
        $a = Tokens::split('id 1234 at 10:00 ok');
        $b = Tokens::split('id 98 at 10:00 ok done');

        $diff = TokenDiff::between($a, $b);

        self::assertTrue($diff->exact);
        self::assertEquals([new Hunk(2, 3, 2, 3), new Hunk(11, 11, 11, 13)], $diff->hunks);
    }

    public function testIdenticalSequencesHaveNoHunks(): void
    {
        self::assertSame([], TokenDiff::between(['a', ' ', 'b'], ['a', ' ', 'b'])->hunks);
    }

    public function testInsertionsAndDeletionsAlign(): void
    {
        $diff = TokenDiff::between(['a', 'b', 'c', 'd'], ['a', 'x', 'c', 'd', 'e']);

        self::assertEquals([new Hunk(1, 2, 1, 2), new Hunk(4, 4, 4, 5)], $diff->hunks);
    }

    public function testTooManyDifferencesBecomeOneHunkBetweenTheCommonEnds(): void
    {
        $a = ['start', ...array_map('strval', range(1, 50)), 'end'];
        $b = ['start', ...array_map(static fn (int $i): string => 'x'.$i, range(1, 50)), 'end'];

        $diff = TokenDiff::between($a, $b, 10);

        self::assertFalse($diff->exact);
        self::assertEquals([new Hunk(1, 51, 1, 51)], $diff->hunks);
    }
}
