<?php

declare(strict_types=1);

namespace Preheat\Tests\Unit\Report\Svg;

use PHPUnit\Framework\TestCase;
use Preheat\Report\Svg\BarTone;
use Preheat\Report\Svg\ChartBar;
use Preheat\Report\Svg\ChartLegend;
use Preheat\Report\Svg\ChartPanel;
use Preheat\Report\Svg\PanelDrawing;
use Preheat\Report\Svg\SvgMarkup;
use Preheat\Report\Svg\TextWidth;
use Preheat\Report\Svg\TextWrap;
use Preheat\Report\Svg\ValueAxis;

/** The parts BarChart draws with, each on its own; the whole chart is BarChartTest's. */
final class ChartPartsTest extends TestCase
{
    public function testTheAxisTakesANiceStepAndThreeToFiveIntervals(): void
    {
        $axes = array_map(
            static fn (float $maximum): array => [
                ValueAxis::reaching($maximum)->step,
                ValueAxis::reaching($maximum)->intervals,
                ValueAxis::reaching($maximum)->decimals,
            ],
            [0.0, 1850.0, 6.6, 0.9, 100.0, 11.0],
        );

        self::assertSame(
            [[1.0, 4, 0], [500.0, 4, 0], [2.0, 4, 0], [0.2, 5, 1], [20.0, 5, 0], [2.5, 5, 1]],
            $axes,
        );
        self::assertSame(2000.0, ValueAxis::reaching(1850.0)->end());
    }

    public function testWrappingKeepsEveryCharacterAndEachLineFits(): void
    {
        $text = 'a fairly long note that cannot fit on one line of a narrow panel, and a word Supercalifragilistic';
        $lines = TextWrap::lines($text, 80.0, 11.5);

        self::assertGreaterThan(3, \count($lines));
        self::assertSame(str_replace(' ', '', $text), str_replace(' ', '', implode('', $lines)));
        foreach ($lines as $line) {
            self::assertLessThanOrEqual(80.0, TextWidth::of($line, 11.5), $line);
        }
        self::assertSame(['one', 'two'], TextWrap::lines("one\ntwo", 500.0, 12.0, false, true));
        self::assertSame(['one two'], TextWrap::lines("one\ntwo", 500.0, 12.0));
        self::assertSame([], TextWrap::lines('', 500.0, 12.0));
    }

    public function testMarkupEscapesTextAndPrintsOneDecimal(): void
    {
        self::assertSame('12', SvgMarkup::number(12.04));
        self::assertSame('12.5', SvgMarkup::number(12.5));
        self::assertSame('0', SvgMarkup::number(-0.01));
        self::assertSame('a b ?', SvgMarkup::singleLine(" a\n\tb \x01\xFF "));
        self::assertSame(
            '<text class="label" x="1" y="2.5" font-size="13" fill="#000" font-weight="600">&lt;a&amp;&quot;b&quot;</text>',
            SvgMarkup::text(1.0, 2.5, '<a&"b"', 13, '#000', 'label', 'font-weight="600"'),
        );
        self::assertSame(
            '<line class="axis" x1="0" y1="1" x2="2" y2="3" stroke="#111" stroke-width="1.5"/>',
            SvgMarkup::line('axis', 0.0, 1.0, 2.0, 3.0, '#111', 1.5),
        );
    }

    public function testTheLegendShowsTheTonesUsedInAFixedOrder(): void
    {
        $panel = new ChartPanel('P', 'u', [
            new ChartBar('a', 1.0, 1.0, 1.0, tone: BarTone::Slower),
            new ChartBar('b', 1.0, 1.0, 1.0, tone: BarTone::Plain),
            new ChartBar('c', 1.0, 1.0, 1.0, tone: BarTone::Reference),
        ], true);

        self::assertSame([BarTone::Reference, BarTone::Slower], ChartLegend::tones([$panel]));
        self::assertSame([], ChartLegend::tones([new ChartPanel('P', 'u', [new ChartBar('a', 1.0, 1.0, 1.0)], true)]));
        $items = ChartLegend::items([BarTone::Reference, BarTone::Slower], 24.0, 60.0);
        self::assertCount(4, $items);
        self::assertStringContainsString('x="24" y="50"', $items[0]);
        self::assertStringContainsString('>what the others are compared with</text>', $items[1]);
        self::assertStringContainsString('fill="'.BarTone::Slower->color().'"', $items[2]);
    }

    public function testAPanelIsOneGroupOfItsBoxWithItsTextsBarsAndValues(): void
    {
        $panel = new ChartPanel('Requests', 'req/s', [
            new ChartBar('base', 100.0, 90.0, 110.0),
            new ChartBar('next', 150.0, 150.0, 150.0, stepFrom: 100.0),
        ], true, decimals: 2);

        $out = PanelDrawing::draw(
            $panel,
            24.0,
            300.0,
            [['Requests'], ['req/s, higher is better']],
            100.0,
            [[['base'], []], [['next'], ['a note']]],
            [0 => 140.0, 1 => 190.0],
            [0 => 16, 1 => 30],
            260.0,
        );

        self::assertSame('<g class="panel" data-box="18 85 306 201">', $out[0]);
        self::assertSame('</g>', $out[\count($out) - 1]);
        $svg = implode("\n", $out);
        self::assertSame(2, substr_count($svg, '<rect class="bar"'));
        self::assertSame(1, substr_count($svg, '<rect class="step"'));
        // A whisker only where its ends differ: a line and two caps.
        self::assertSame(1, substr_count($svg, 'class="whisker"'));
        self::assertSame(2, substr_count($svg, 'class="whisker-cap"'));
        self::assertStringContainsString('>100.00</text>', $svg);
        self::assertStringContainsString('>150.00</text>', $svg);
        self::assertStringContainsString('class="note"', $svg);
        self::assertStringContainsString('>Requests</text>', $svg);
    }
}
