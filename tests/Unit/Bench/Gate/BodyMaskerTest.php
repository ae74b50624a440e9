<?php

declare(strict_types=1);

namespace Preheat\Tests\Unit\Bench\Gate;

use PHPUnit\Framework\TestCase;
use Preheat\Bench\Gate\BodyMasker;

final class BodyMaskerTest extends TestCase
{
    public function testAPatternWithAGroupKeepsTheGroupAndMasksWhatFollows(): void
    {
        $masker = new BodyMasker(['/(name="_token"\s+value=")[^"]*/']);

        self::assertSame('<input name="_token" value="«masked»">', $masker->mask('<input name="_token" value="abc123">'));
    }

    public function testAPatternWithoutAGroupMasksTheWholeMatch(): void
    {
        $masker = new BodyMasker(['/\d{2}:\d{2}:\d{2}/']);

        self::assertSame('at «masked» today', $masker->mask('at 10:31:02 today'));
    }

    public function testRealDifferencesSurviveMasking(): void
    {
        $masker = new BodyMasker(['/\d{2}:\d{2}:\d{2}/']);

        self::assertNotSame($masker->mask('<h1>Hello</h1>'), $masker->mask('<h1>no greeting</h1>'));
    }
}
