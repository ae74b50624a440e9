<?php

declare(strict_types=1);

namespace Preheat\Tests\Unit\Report\Bench;

use PHPUnit\Framework\TestCase;
use Preheat\Bench\Statistics\ConfidenceInterval;
use Preheat\Bench\Statistics\PairedComparison;
use Preheat\Report\Bench\SvgRenderer;

/** A bar's note: its verdict first, then the gain and interval; no percentage for a gain whose interval holds 0. */
final class SvgRendererTest extends TestCase
{
    public function testEachNoteStartsWithItsVerdict(): void
    {
        self::assertSame(
            'faster: +12.8% over rung 3 (95% CI +12.5% … +13.2%)',
            SvgRenderer::note(self::gain(1.128, 0.125, 0.132), 'rung 3'),
        );
        self::assertSame(
            'slower: -1.1% vs rung 4 (95% CI -1.1% … -0.0%)',
            SvgRenderer::note(self::gain(0.989, -0.011, -0.0001), 'rung 4'),
        );
        self::assertSame(
            'no measurable difference from none (95% CI -0.4% … +0.9%)',
            SvgRenderer::note(self::gain(1.003, -0.004, 0.009), 'none'),
        );
        self::assertSame(
            '+5.0% over none, no verdict yet (2 rounds)',
            SvgRenderer::note(new PairedComparison([1 => 1.05, 2 => 1.05], 1.05, null, []), 'none'),
        );
    }

    private static function gain(float $ratio, float $low, float $high): PairedComparison
    {
        return new PairedComparison(
            [1 => $ratio, 2 => $ratio, 3 => $ratio],
            $ratio,
            new ConfidenceInterval($low, $high, 0.95),
            [],
        );
    }
}
