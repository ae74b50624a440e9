<?php

declare(strict_types=1);

namespace Preheat\Tests\Unit\Bench\Gate;

use PHPUnit\Framework\TestCase;
use Preheat\Bench\Config\BenchConfigLoader;
use Preheat\Bench\Gate\BodyMasker;
use Preheat\Bench\Gate\LineDiff;

final class BodyMaskerTest extends TestCase
{
    public function testMasksCsrfTokensSoTwoRequestsCompareEqual(): void
    {
        $masker = new BodyMasker(BenchConfigLoader::DEFAULT_MASKS);
        $first = '<meta name="csrf-token" content="abc123"><input type="hidden" name="_token" value="abc123">';
        $second = '<meta name="csrf-token" content="zzz999"><input type="hidden" name="_token" value="zzz999">';

        self::assertSame($masker->mask($first), $masker->mask($second));
        self::assertStringContainsString('name="_token" value="«masked»"', $masker->mask($first));
    }

    public function testAPatternWithoutAGroupMasksTheWholeMatch(): void
    {
        $masker = new BodyMasker(['/\d{2}:\d{2}:\d{2}/']);

        self::assertSame('at «masked» today', $masker->mask('at 10:31:02 today'));
    }

    public function testRealDifferencesSurviveMasking(): void
    {
        $masker = new BodyMasker(BenchConfigLoader::DEFAULT_MASKS);

        self::assertNotSame($masker->mask('<h1>Hello</h1>'), $masker->mask('<h1>no greeting</h1>'));
    }

    public function testDiffShowsTheChangedLinesWithContext(): void
    {
        $diff = LineDiff::render("a\nb\nc\nd\ne", "a\nb\nX\nd\ne");

        self::assertSame("@@ line 3 @@\n  a\n  b\n- c\n+ X", $diff);
    }

    public function testDiffIsCapped(): void
    {
        $diff = LineDiff::render(implode("\n", range(1, 100)), implode("\n", range(101, 200)), 2, 10);

        self::assertStringEndsWith('… (191 more lines)', $diff);
    }
}
