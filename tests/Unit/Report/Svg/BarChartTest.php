<?php

declare(strict_types=1);

namespace Preheat\Tests\Unit\Report\Svg;

use PHPUnit\Framework\TestCase;
use Preheat\Report\Svg\BarChart;
use Preheat\Report\Svg\ChartBar;
use Preheat\Report\Svg\ChartPanel;

/**
 * The golden file tests/Fixtures/golden/chart.svg is the chart of threeScenarios(). Set
 * PREHEAT_UPDATE_FIXTURES=1 to rewrite it after a deliberate change, and look at it before committing.
 */
final class BarChartTest extends TestCase
{
    private const GOLDEN = __DIR__.'/../../../Fixtures/golden/chart.svg';

    public function testMatchesGoldenFile(): void
    {
        $svg = self::render();

        if ('1' === getenv('PREHEAT_UPDATE_FIXTURES')) {
            file_put_contents(self::GOLDEN, $svg);
        }
        self::assertStringEqualsFile(self::GOLDEN, $svg);
    }

    public function testOutputIsWellFormedSvgWithAViewBox(): void
    {
        $document = self::load(self::render());
        $root = $document->documentElement;

        self::assertNotNull($root);
        self::assertSame('svg', $root->localName);
        self::assertSame('http://www.w3.org/2000/svg', $root->namespaceURI);
        self::assertMatchesRegularExpression('/^0 0 \d+(\.\d)? \d+$/', $root->getAttribute('viewBox'));
        self::assertStringContainsString('sans-serif', $root->getAttribute('font-family'));
    }

    public function testContainsEveryLabelValueNoteTitleAndFootnote(): void
    {
        $texts = self::texts(self::render());

        foreach (['no preload', 'preheat (paths)', 'preheat (learned)'] as $label) {
            self::assertSame(2, \count(array_keys($texts, $label, true)), $label.' labels a bar in each panel');
        }
        // Values: 1 decimal below 100, none from 100 up.
        foreach (['1,520', '1,795', '1,850', '6.6', '5.6', '5.4'] as $value) {
            self::assertContains($value, $texts);
        }
        self::assertContains('+18.1% (CI +15.2% … +21.0%)', $texts);
        self::assertContains('Preheat benchmark: symfony/demo', $texts);
        self::assertContains('Requests per second', $texts);
        self::assertContains('Time per request (ms)', $texts);
        self::assertContains('req/s, higher is better', $texts);
        self::assertContains('ms, lower is better', $texts);
        self::assertContains(
            'PHP 8.2.36, php-fpm with 4 workers, 10 runs of 2,000 requests each. Bars: medians; whiskers: min to max.',
            $texts,
        );
    }

    public function testTextIsEscaped(): void
    {
        $svg = (new BarChart())->render(
            'T <&> "q"',
            [new ChartPanel('P&L', "'u'", [new ChartBar('a<b & "c"', 10.0, 9.0, 11.0, '<note>')], true)],
            'x & y',
        );

        self::assertStringContainsString('a&lt;b &amp; &quot;c&quot;', $svg);
        self::assertStringNotContainsString('a<b', $svg);
        self::assertStringNotContainsString('<note>', $svg);
        $texts = self::texts($svg);
        self::assertContains('a<b & "c"', $texts);
        self::assertContains('<note>', $texts);
        self::assertContains('T <&> "q"', $texts);
        self::assertContains('P&L', $texts);
        self::assertContains("'u', higher is better", $texts);
        self::assertContains('x & y', $texts);
    }

    public function testControlCharactersAndInvalidUtf8StillGiveWellFormedXml(): void
    {
        $svg = (new BarChart())->render(
            "bad \x01\xff title",
            [new ChartPanel('p', 'u', [new ChartBar("line\nbreak", 1.0, 1.0, 1.0)], false)],
        );

        self::assertContains('line break', self::texts($svg));
    }

    public function testSameInputGivesTheSameBytes(): void
    {
        self::assertSame(self::render(), self::render());
    }

    public function testWhiskerReachesPastTheBarWhenErrorHighIsAboveTheValue(): void
    {
        $svg = (new BarChart())->render('t', [new ChartPanel('p', 'u', [
            new ChartBar('base', 100.0, 90.0, 130.0),
            new ChartBar('other', 150.0, 140.0, 151.0),
        ], true)]);
        $xpath = new \DOMXPath(self::load($svg));
        $xpath->registerNamespace('s', 'http://www.w3.org/2000/svg');
        $bars = self::elements($xpath, '//s:rect[@class="bar"]');
        $whiskers = self::elements($xpath, '//s:line[@class="whisker"]');
        $values = self::elements($xpath, '//s:text[@class="value"]');

        self::assertCount(2, $bars);
        self::assertCount(2, $whiskers);
        foreach ([0, 1] as $i) {
            $barStart = (float) $bars[$i]->getAttribute('x');
            $barEnd = $barStart + (float) $bars[$i]->getAttribute('width');
            $whiskerEnd = (float) $whiskers[$i]->getAttribute('x2');
            self::assertGreaterThan($barEnd, $whiskerEnd, 'errorHigh lies past the value');
            self::assertLessThan($barEnd, (float) $whiskers[$i]->getAttribute('x1'), 'errorLow lies before the value');
            self::assertGreaterThan(
                $whiskerEnd,
                (float) $values[$i]->getAttribute('x'),
                'the value is printed past the whisker',
            );
        }
        // Both bars start on the axis and are to scale: 150 is 1.5 times 100.
        self::assertSame($bars[0]->getAttribute('x'), $bars[1]->getAttribute('x'));
        self::assertEqualsWithDelta(
            1.5,
            (float) $bars[1]->getAttribute('width') / (float) $bars[0]->getAttribute('width'),
            0.01,
        );
    }

    public function testAxisHasFourToSixRoundTicksFromZeroCoveringTheWhiskers(): void
    {
        $svg = (new BarChart())->render(
            't',
            [
                new ChartPanel(
                    'p',
                    'u',
                    [new ChartBar('a', 1520.4, 1480.0, 1561.0), new ChartBar('b', 1849.7, 1790.0, 1910.0)],
                    true,
                ),
            ],
        );

        self::assertSame(['0', '500', '1,000', '1,500', '2,000'], self::texts($svg, 'tick-label'));
    }

    public function testSmallValuesGetDecimalTicks(): void
    {
        $svg = (new BarChart())->render('t', [new ChartPanel('p', 'u', [new ChartBar('a', 0.62, 0.5, 0.7)], true)]);

        self::assertSame(['0', '0.2', '0.4', '0.6', '0.8'], self::texts($svg, 'tick-label'));
        self::assertSame(['0.6'], self::texts($svg, 'value'), 'one decimal below 100');
    }

    public function testBaselineIsGreyAndOtherBarsHaveDistinctColors(): void
    {
        $xpath = new \DOMXPath(self::load(self::render()));
        $xpath->registerNamespace('s', 'http://www.w3.org/2000/svg');
        $fills = array_map(
            static fn (\DOMElement $bar): string => $bar->getAttribute('fill'),
            self::elements($xpath, '//s:g[@class="panel"][1]/s:rect[@class="bar"]'),
        );

        self::assertCount(3, $fills);
        self::assertSame('#9ca3af', $fills[0]);
        self::assertCount(3, array_unique($fills));
        $secondPanel = array_map(
            static fn (\DOMElement $bar): string => $bar->getAttribute('fill'),
            self::elements($xpath, '//s:g[@class="panel"][2]/s:rect[@class="bar"]'),
        );
        self::assertSame($fills, $secondPanel, 'a scenario keeps its color across panels');
    }

    public function testLongLabelsAndNotesWrapWholeOntoMoreLinesInsteadOfBeingCut(): void
    {
        $long = trim(str_repeat('very long scenario name ', 10));
        $note = 'faster, +12.8% over 3 autoloader (CI +12.5% … +13.2%): '.str_repeat('and more words ', 6);
        $svg = (new BarChart())->render('t', [
            new ChartPanel('p', 'u', [new ChartBar($long, 1.0, 1.0, 1.0, $note)], true),
            new ChartPanel('q', 'u', [new ChartBar('b', 1.0, 1.0, 1.0)], true),
        ]);
        $texts = self::texts($svg);

        $labels = array_values(array_diff(self::texts($svg, 'label'), ['b']));
        self::assertGreaterThan(1, \count($labels), 'the label takes several lines');
        self::assertSame($long, implode(' ', $labels), 'every word of it, in order');
        self::assertSame(trim($note), implode(' ', self::texts($svg, 'note')), 'the note whole, on several lines');
        self::assertGreaterThan(1, \count(self::texts($svg, 'note')));
        foreach ($texts as $text) {
            self::assertStringEndsNotWith('…', $text, 'nothing is cut');
        }
    }

    public function testAWordWiderThanItsPanelIsBrokenBetweenCharacters(): void
    {
        $word = str_repeat('x', 200);
        $texts = self::texts((new BarChart())->render('t', [new ChartPanel('p', 'u', [
            new ChartBar($word, 1.0, 1.0, 1.0),
        ], true)]));

        $pieces = array_values(array_filter($texts, static fn (string $t): bool => str_starts_with($t, 'xx')));
        self::assertGreaterThan(1, \count($pieces));
        self::assertSame($word, implode('', $pieces));
    }

    public function testAChartNeedsAPanel(): void
    {
        $this->expectException(\InvalidArgumentException::class);
        (new BarChart())->render('t', []);
    }

    public function testNegativeValuesAreRejected(): void
    {
        $this->expectException(\InvalidArgumentException::class);
        new ChartBar('a', -1.0, 0.0, 1.0);
    }

    public function testWhiskerEndsOutOfOrderAreRejected(): void
    {
        $this->expectException(\InvalidArgumentException::class);
        new ChartBar('a', 1.0, 2.0, 0.5);
    }

    private static function render(): string
    {
        return (new BarChart())->render(
            'Preheat benchmark: symfony/demo',
            self::threeScenarios(),
            'PHP 8.2.36, php-fpm with 4 workers, 10 runs of 2,000 requests each. Bars: medians; whiskers: min to max.',
        );
    }

    /** @return list<ChartPanel> */
    private static function threeScenarios(): array
    {
        return [
            new ChartPanel('Requests per second', 'req/s', [
                new ChartBar('no preload', 1520.4, 1480.0, 1561.0),
                new ChartBar('preheat (paths)', 1795.2, 1750.0, 1840.0, '+18.1% (CI +15.2% … +21.0%)'),
                new ChartBar('preheat (learned)', 1849.7, 1790.0, 1910.0, '+21.7% (CI +18.4% … +24.9%)'),
            ], true),
            new ChartPanel('Time per request (ms)', 'ms', [
                new ChartBar('no preload', 6.58, 6.41, 6.76),
                new ChartBar('preheat (paths)', 5.57, 5.44, 5.71, '−15.3% (CI −17.4% … −13.1%)'),
                new ChartBar('preheat (learned)', 5.41, 5.24, 5.59, '−17.8% (CI −19.9% … −15.5%)'),
            ], false),
        ];
    }

    private static function load(string $svg): \DOMDocument
    {
        $previous = libxml_use_internal_errors(true);
        try {
            $document = new \DOMDocument();
            $loaded = $document->loadXML($svg, \LIBXML_NONET);
            $errors = array_map(static fn (\LibXMLError $e): string => trim($e->message), libxml_get_errors());
            libxml_clear_errors();
        } finally {
            libxml_use_internal_errors($previous);
        }
        self::assertTrue($loaded, 'not well-formed XML: '.implode('; ', $errors));
        self::assertSame([], $errors);

        return $document;
    }

    /** @return list<string> the content of every <text> (of one class if given), unescaped, in document order */
    private static function texts(string $svg, ?string $class = null): array
    {
        $xpath = new \DOMXPath(self::load($svg));
        $xpath->registerNamespace('s', 'http://www.w3.org/2000/svg');
        $query = null === $class ? '//s:text' : \sprintf('//s:text[@class="%s"]', $class);

        return array_map(static fn (\DOMElement $e): string => $e->textContent, self::elements($xpath, $query));
    }

    /** @return list<\DOMElement> */
    private static function elements(\DOMXPath $xpath, string $query): array
    {
        $nodes = $xpath->query($query);
        self::assertNotFalse($nodes);
        $elements = [];
        foreach ($nodes as $node) {
            self::assertInstanceOf(\DOMElement::class, $node);
            $elements[] = $node;
        }

        return $elements;
    }
}
