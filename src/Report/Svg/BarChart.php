<?php

declare(strict_types=1);

namespace Preheat\Report\Svg;

/**
 * Renders benchmark results as one self-contained SVG: a title, panels side by side (one per metric) of
 * horizontal bars with whiskers, and a footnote. Each bar row shows the scenario label, its note under it,
 * the bar from 0, the whisker from errorLow to errorHigh and the value past whichever ends further out.
 * The first bar of a panel is the baseline and is grey; the others take palette colors in order, so the
 * same scenario has the same color in every panel.
 *
 * Output is deterministic: fixed layout, numbers printed with fixed precision, no dates or random ids.
 */
final class BarChart
{
    private const WIDTH = 800;
    private const MARGIN = 24;
    private const PANEL_GAP = 48;
    /** Room right of the value axis for the number printed past the longest bar. */
    private const VALUE_ROOM = 60;
    private const ROWS_TOP = 112;
    private const BAR_HEIGHT = 20;
    private const ROW_GAP = 16;
    private const FONT = 'Helvetica, Arial, sans-serif';
    private const TEXT = '#1f2328';
    private const MUTED = '#57606a';
    private const GRID = '#e4e7eb';
    private const AXIS = '#8c959f';
    private const BASELINE_COLOR = '#9ca3af';
    private const PALETTE = ['#2f6fdb', '#e8772e', '#2a9d5c', '#8b5cf6', '#d64550', '#1597a5'];
    /** Rough average glyph width of a sans-serif font, as a fraction of the font size, to fit text. */
    private const GLYPH_WIDTH = 0.58;
    private const TICK_FONT = 11.5;

    /**
     * @param list<ChartPanel> $panels drawn left to right
     *
     * @throws \InvalidArgumentException when there is no panel
     */
    public function render(string $title, array $panels, string $footnote = ''): string
    {
        if ([] === $panels) {
            throw new \InvalidArgumentException('A chart needs at least one panel.');
        }

        $rows = max(array_map(static fn (ChartPanel $panel): int => \count($panel->bars), $panels));
        $hasNotes = false;
        foreach ($panels as $panel) {
            foreach ($panel->bars as $bar) {
                $hasNotes = $hasNotes || (null !== $bar->note && '' !== trim($bar->note));
            }
        }
        $barOffset = $hasNotes ? 38 : 22;
        $rowHeight = $barOffset + self::BAR_HEIGHT + self::ROW_GAP;
        $axisY = self::ROWS_TOP + $rows * $rowHeight;
        $footLines = self::wrap($footnote, self::WIDTH - 2 * self::MARGIN, 11.5);
        $height = $axisY + ([] === $footLines ? 36 : 48 + 15 * \count($footLines));

        $panelCount = \count($panels);
        $panelWidth = (self::WIDTH - 2 * self::MARGIN - ($panelCount - 1) * self::PANEL_GAP) / $panelCount;

        $out = [];
        $out[] = '<?xml version="1.0" encoding="UTF-8"?>';
        $out[] = \sprintf(
            '<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" viewBox="0 0 %d %d" font-family="%s" '
            .'role="img">',
            self::WIDTH,
            $height,
            self::WIDTH,
            $height,
            self::FONT,
        );
        $out[] = '<title>'.self::escape(self::singleLine($title)).'</title>';
        $out[] = \sprintf('<rect x="0" y="0" width="%d" height="%d" fill="#ffffff"/>', self::WIDTH, $height);
        $out[] = self::text(
            self::MARGIN,
            36,
            self::fit($title, self::WIDTH - 2 * self::MARGIN, 20),
            20,
            self::TEXT,
            'title',
            'font-weight="700"',
        );

        foreach ($panels as $index => $panel) {
            $left = self::MARGIN + $index * ($panelWidth + self::PANEL_GAP);
            array_push($out, ...$this->panel($panel, $left, $panelWidth, $barOffset, $rowHeight, $axisY));
        }

        foreach ($footLines as $line => $text) {
            $out[] = self::text(self::MARGIN, $axisY + 52 + 15 * $line, $text, 11.5, self::MUTED, 'footnote');
        }
        $out[] = '</svg>';

        return implode("\n", $out)."\n";
    }

    /** @return list<string> */
    private function panel(
        ChartPanel $panel,
        float $left,
        float $width,
        int $barOffset,
        int $rowHeight,
        int $axisY,
    ): array {
        $plotWidth = $width - self::VALUE_ROOM;
        $top = self::ROWS_TOP - 8;
        $maximum = 0.0;
        foreach ($panel->bars as $bar) {
            $maximum = max($maximum, $bar->value, $bar->errorHigh, $bar->errorLow);
        }
        [$step, $intervals] = self::axis($maximum);
        $scale = $plotWidth / ($step * $intervals);
        $decimals = self::decimalsOf($step);

        $out = ['<g class="panel">'];
        $out[] = self::text(
            $left,
            72,
            self::fit($panel->title, $width, 15),
            15,
            self::TEXT,
            'panel-title',
            'font-weight="700"',
        );
        $subtitle = trim(self::singleLine($panel->unit));
        $subtitle = ('' === $subtitle ? '' : $subtitle.', ').(
            $panel->higherIsBetter ? 'higher is better' : 'lower is better'
        );
        $out[] = self::text($left, 90, self::fit($subtitle, $width, 12), 12, self::MUTED, 'panel-subtitle');

        // Grid and value axis, behind the bars.
        $labelledUpTo = -\INF;
        for ($tick = 0; $tick <= $intervals; ++$tick) {
            $x = $left + $tick * $step * $scale;
            if ($tick > 0) {
                $out[] = \sprintf(
                    '<line class="grid" x1="%s" y1="%s" x2="%s" y2="%s" stroke="%s" stroke-width="1"/>',
                    self::n($x),
                    self::n($top),
                    self::n($x),
                    self::n($axisY),
                    self::GRID,
                );
            }
            $out[] = \sprintf(
                '<line class="tick" x1="%s" y1="%s" x2="%s" y2="%s" stroke="%s" stroke-width="1"/>',
                self::n($x),
                self::n($axisY),
                self::n($x),
                self::n($axisY + 5),
                self::AXIS,
            );
            // In a narrow panel, skip the labels that would run into the one before.
            $label = 0 === $tick ? '0' : number_format($tick * $step, $decimals, '.', ',');
            $halfWidth = \strlen($label) * self::TICK_FONT * self::GLYPH_WIDTH / 2;
            if ($x - $halfWidth >= $labelledUpTo + 6) {
                $out[] = self::text(
                    $x,
                    $axisY + 19,
                    $label,
                    self::TICK_FONT,
                    self::MUTED,
                    'tick-label',
                    'text-anchor="middle"',
                );
                $labelledUpTo = $x + $halfWidth;
            }
        }
        $out[] = \sprintf(
            '<line class="axis" x1="%s" y1="%s" x2="%s" y2="%s" stroke="%s" stroke-width="1"/>',
            self::n($left),
            self::n($axisY),
            self::n($left + $plotWidth),
            self::n($axisY),
            self::AXIS,
        );
        $out[] = \sprintf(
            '<line class="axis" x1="%s" y1="%s" x2="%s" y2="%s" stroke="%s" stroke-width="1"/>',
            self::n($left),
            self::n($top),
            self::n($left),
            self::n($axisY),
            self::AXIS,
        );

        foreach ($panel->bars as $row => $bar) {
            $rowTop = self::ROWS_TOP + $row * $rowHeight;
            $barTop = $rowTop + $barOffset;
            $middle = $barTop + self::BAR_HEIGHT / 2;
            $color = 0 === $row ? self::BASELINE_COLOR : self::PALETTE[($row - 1) % \count(self::PALETTE)];
            $barEnd = $left + $bar->value * $scale;
            $low = $left + $bar->errorLow * $scale;
            $high = $left + $bar->errorHigh * $scale;

            // The label sits right above its bar, or above its note when it has one.
            $hasNote = null !== $bar->note && '' !== trim($bar->note);
            $out[] = self::text(
                $left + 6,
                $barTop - ($hasNote ? 24 : 8),
                self::fit($bar->label, $width - 6, 13),
                13,
                self::TEXT,
                'label',
                'font-weight="600"',
            );
            if ($hasNote) {
                $out[] = self::text(
                    $left + 6,
                    $barTop - 8,
                    self::fit((string) $bar->note, $width - 6, 11.5),
                    11.5,
                    self::MUTED,
                    'note',
                );
            }
            $out[] = \sprintf(
                '<rect class="bar" x="%s" y="%s" width="%s" height="%d" fill="%s"/>',
                self::n($left),
                self::n($barTop),
                self::n($barEnd - $left),
                self::BAR_HEIGHT,
                $color,
            );
            if ($high > $low) {
                $out[] = \sprintf(
                    '<line class="whisker" x1="%s" y1="%s" x2="%s" y2="%s" stroke="%s" stroke-width="1.5"/>',
                    self::n($low),
                    self::n($middle),
                    self::n($high),
                    self::n($middle),
                    self::TEXT,
                );
                foreach ([$low, $high] as $end) {
                    $out[] = \sprintf(
                        '<line class="whisker-cap" x1="%s" y1="%s" x2="%s" y2="%s" stroke="%s" stroke-width="1.5"/>',
                        self::n($end),
                        self::n($middle - 6),
                        self::n($end),
                        self::n($middle + 6),
                        self::TEXT,
                    );
                }
            }
            $out[] = self::text(
                max($barEnd, $high) + 7,
                $middle + 4.5,
                self::formatValue($bar->value),
                12.5,
                self::TEXT,
                'value',
                'font-weight="600"',
            );
        }
        $out[] = '</g>';

        return $out;
    }

    /**
     * A nice step (1, 2, 2.5 or 5 times a power of ten) and the number of intervals, 3 to 5, so that the
     * axis starts at 0, has 4 to 6 ticks and reaches at least $maximum.
     *
     * @return array{float, int}
     */
    private static function axis(float $maximum): array
    {
        if ($maximum <= 0.0) {
            return [1.0, 4];
        }
        $magnitude = 10 ** floor(log10($maximum / 5));
        $step = 10 * $magnitude;
        foreach ([1.0, 2.0, 2.5, 5.0] as $mantissa) {
            if ($maximum / ($mantissa * $magnitude) <= 5.0 + 1e-9) {
                $step = $mantissa * $magnitude;
                break;
            }
        }

        return [$step, max(3, (int) ceil($maximum / $step - 1e-9))];
    }

    /** How many decimals print $step exactly (2.5 needs 1, 0.25 needs 2). */
    private static function decimalsOf(float $step): int
    {
        for ($decimals = 0; $decimals < 6; ++$decimals) {
            if (abs(round($step, $decimals) - $step) <= 1e-9 * $step) {
                return $decimals;
            }
        }

        return 6;
    }

    /** One decimal below 100 (99.96 counts as 100), none from 100 up, thousands separated by commas. */
    private static function formatValue(float $value): string
    {
        return number_format($value, round(abs($value), 1) < 100 ? 1 : 0, '.', ',');
    }

    /** @param string $attributes extra attributes, already escaped */
    private static function text(
        float $x,
        float $y,
        string $text,
        float $size,
        string $color,
        string $class,
        string $attributes = '',
    ): string {
        return \sprintf(
            '<text class="%s" x="%s" y="%s" font-size="%s" fill="%s"%s>%s</text>',
            $class,
            self::n($x),
            self::n($y),
            self::n($size),
            $color,
            '' === $attributes ? '' : ' '.$attributes,
            self::escape($text),
        );
    }

    /** A coordinate with one fixed decimal, "12" rather than "12.0". */
    private static function n(float $value): string
    {
        $text = \sprintf('%.1F', $value);
        if (str_ends_with($text, '.0')) {
            $text = substr($text, 0, -2);
        }

        return '-0' === $text ? '0' : $text;
    }

    private static function escape(string $text): string
    {
        return htmlspecialchars($text, \ENT_XML1 | \ENT_QUOTES, 'UTF-8');
    }

    /** Valid UTF-8 without characters XML 1.0 forbids, whitespace runs (newlines too) as one space. */
    private static function singleLine(string $text): string
    {
        if (1 !== preg_match('//u', $text)) {
            $text = (string) preg_replace('/[\x80-\xFF]/', '?', $text);
        }
        $text = (string) preg_replace('/[\x00-\x08\x0B\x0C\x0E-\x1F\x7F]/', '', $text);

        return trim((string) preg_replace('/\s+/u', ' ', $text));
    }

    /** $text on one line, cut with an ellipsis if it would not fit $width pixels at $size. */
    private static function fit(string $text, float $width, float $size): string
    {
        $characters = self::characters(self::singleLine($text));
        $room = max(1, (int) floor($width / ($size * self::GLYPH_WIDTH)));
        if (\count($characters) <= $room) {
            return implode('', $characters);
        }

        return rtrim(implode('', \array_slice($characters, 0, $room - 1))).'…';
    }

    /**
     * $text broken into lines that fit $width pixels at $size: at its own line breaks, then between words.
     *
     * @return list<string>
     */
    private static function wrap(string $text, float $width, float $size): array
    {
        $room = max(1, (int) floor($width / ($size * self::GLYPH_WIDTH)));
        $lines = [];
        foreach (preg_split('/\R/u', $text) ?: [$text] as $paragraph) {
            $line = '';
            foreach (explode(' ', self::singleLine($paragraph)) as $word) {
                if ('' === $word) {
                    continue;
                }
                $candidate = '' === $line ? $word : $line.' '.$word;
                if ('' !== $line && \count(self::characters($candidate)) > $room) {
                    $lines[] = self::fit($line, $width, $size);
                    $candidate = $word;
                }
                $line = $candidate;
            }
            if ('' !== $line) {
                $lines[] = self::fit($line, $width, $size);
            }
        }

        return $lines;
    }

    /** @return list<string> */
    private static function characters(string $text): array
    {
        return preg_split('//u', $text, -1, \PREG_SPLIT_NO_EMPTY) ?: [];
    }
}
