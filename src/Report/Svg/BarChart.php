<?php

declare(strict_types=1);

namespace Preheat\Report\Svg;

/**
 * Renders benchmark results as one self-contained SVG: a title, a legend of the colours, panels side by side
 * (the first, the figure that matters, wider) of horizontal bars with whiskers, and a footnote. Each bar row
 * shows the scenario label, its note under it, the bar from 0, the whisker from errorLow to errorHigh and the
 * value past whichever ends further out.
 *
 * No text is ever cut: every line is measured (`TextWidth`), and what does not fit its panel wraps onto the
 * next line; rows grow to hold their longest note, panels to hold their values. A bar with a tone takes that
 * tone's colour (faster, no measurable difference, slower, the reference); without one, the first bar of a
 * panel is grey and the others take palette colours in order, so a scenario has the same colour in every panel.
 * Each panel's group carries its box (data-box: x y width height), inside which all its text lies.
 *
 * Output is deterministic: layout from the text alone, numbers printed with fixed precision, no dates or ids.
 */
final class BarChart
{
    private const MARGIN = 24;
    private const PANEL_GAP = 40;
    /** Width of the first panel when there are others beside it, of each of those, and of a panel alone. */
    private const FIRST_PANEL = 440;
    private const OTHER_PANEL = 220;
    private const ALONE_PANEL = 560;
    /** How far a panel's box reaches out of its bars' left edge: the "0" of the axis is centred on it. */
    private const BOX_SLACK = 6;
    private const BAR_HEIGHT = 18;
    private const ROW_GAP = 14;
    private const FONT = 'DejaVu Sans, Helvetica, Arial, sans-serif';
    private const TEXT = '#1f2328';
    private const MUTED = '#57606a';
    private const GRID = '#e4e7eb';
    private const AXIS = '#8c959f';
    private const BASELINE_COLOR = '#9ca3af';
    private const PALETTE = ['#2f6fdb', '#e8772e', '#2a9d5c', '#8b5cf6', '#d64550', '#1597a5'];
    private const TITLE_FONT = 20;
    private const PANEL_TITLE_FONT = 15;
    private const SUBTITLE_FONT = 12;
    private const LABEL_FONT = 13;
    private const NOTE_FONT = 11.5;
    private const VALUE_FONT = 12.5;
    private const TICK_FONT = 11.5;
    private const FOOT_FONT = 11.5;
    /** Line heights of the texts above, in the same order. */
    private const TITLE_LINE = 24;
    private const PANEL_TITLE_LINE = 18;
    private const SUBTITLE_LINE = 15;
    private const LABEL_LINE = 16;
    private const NOTE_LINE = 14;
    private const FOOT_LINE = 15;

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

        $widths = [];
        foreach ($panels as $index => $panel) {
            $widths[] = (float) ($panel->width ?? match (true) {
                1 === \count($panels) => self::ALONE_PANEL,
                0 === $index => self::FIRST_PANEL,
                default => self::OTHER_PANEL,
            });
        }
        $width = 2 * self::MARGIN + array_sum($widths) + (\count($panels) - 1) * self::PANEL_GAP;
        $inner = $width - 2 * self::MARGIN;

        $titleLines = self::wrap($title, $inner, self::TITLE_FONT, true);
        $y = 36 + self::TITLE_LINE * (\count($titleLines) - 1);
        $legend = self::legend($panels);
        $legendY = [] === $legend ? null : $y + 24;
        $y = $legendY ?? $y;

        // The panels' headers: title and subtitle, each wrapped to its panel; the rows start below the longest.
        $headerTop = $y + 34;
        $headers = [];
        $headerBottom = $headerTop;
        foreach ($panels as $index => $panel) {
            $subtitle = trim(self::singleLine($panel->unit));
            $subtitle = ('' === $subtitle ? '' : $subtitle.', ')
                .($panel->higherIsBetter ? 'higher is better' : 'lower is better')
                .('' === trim($panel->caption) ? '' : '; '.trim(self::singleLine($panel->caption)));
            $titleOf = self::wrap($panel->title, $widths[$index], self::PANEL_TITLE_FONT, true);
            $subtitleOf = self::wrap($subtitle, $widths[$index], self::SUBTITLE_FONT);
            $headers[] = [$titleOf, $subtitleOf];
            $headerBottom = max(
                $headerBottom,
                $headerTop + self::PANEL_TITLE_LINE * (\count($titleOf) - 1) + 4 + self::SUBTITLE_LINE
                    * \count($subtitleOf),
            );
        }
        $rowsTop = $headerBottom + 22;

        // Each row as tall as its tallest label and note across the panels, so that bars line up.
        $rowCount = max(array_map(static fn (ChartPanel $panel): int => \count($panel->bars), $panels));
        $texts = [];
        $rowText = array_fill(0, $rowCount, 0);
        foreach ($panels as $index => $panel) {
            foreach ($panel->bars as $row => $bar) {
                $label = self::wrap($bar->label, $widths[$index] - 6, self::LABEL_FONT, true);
                $note = null === $bar->note ? [] : self::wrap($bar->note, $widths[$index] - 6, self::NOTE_FONT);
                $texts[$index][$row] = [$label, $note];
                $rowText[$row] = max(
                    $rowText[$row],
                    self::LABEL_LINE * \count($label) + self::NOTE_LINE * \count($note),
                );
            }
        }
        $rowTops = [];
        $top = $rowsTop;
        foreach ($rowText as $row => $height) {
            $rowTops[$row] = $top;
            $top += $height + 4 + self::BAR_HEIGHT + self::ROW_GAP;
        }
        $axisY = $top - self::ROW_GAP + 8;

        $footLines = self::wrap($footnote, $inner, self::FOOT_FONT, false, true);
        $height = (int) ceil($axisY + ([] === $footLines ? 36 : 48 + self::FOOT_LINE * \count($footLines)));

        $out = [];
        $out[] = '<?xml version="1.0" encoding="UTF-8"?>';
        $out[] = \sprintf(
            '<svg xmlns="http://www.w3.org/2000/svg" width="%s" height="%d" viewBox="0 0 %s %d" font-family="%s" '
            .'role="img">',
            self::n($width),
            $height,
            self::n($width),
            $height,
            self::FONT,
        );
        $out[] = '<title>'.self::escape(self::singleLine($title)).'</title>';
        $out[] = \sprintf('<rect x="0" y="0" width="%s" height="%d" fill="#ffffff"/>', self::n($width), $height);
        foreach ($titleLines as $line => $text) {
            $out[] = self::text(
                self::MARGIN,
                36 + self::TITLE_LINE * $line,
                $text,
                self::TITLE_FONT,
                self::TEXT,
                'title',
                'font-weight="700"',
            );
        }
        if (null !== $legendY) {
            array_push($out, ...self::legendItems($legend, $legendY));
        }

        $left = self::MARGIN;
        foreach ($panels as $index => $panel) {
            array_push($out, ...$this->panel(
                $panel,
                $left,
                $widths[$index],
                $headers[$index],
                $headerTop,
                $texts[$index] ?? [],
                $rowTops,
                $rowText,
                $axisY,
            ));
            $left += $widths[$index] + self::PANEL_GAP;
        }

        foreach ($footLines as $line => $text) {
            $out[] = self::text(
                self::MARGIN,
                $axisY + 52 + self::FOOT_LINE * $line,
                $text,
                self::FOOT_FONT,
                self::MUTED,
                'footnote',
            );
        }
        $out[] = '</svg>';

        return implode("\n", $out)."\n";
    }

    /**
     * @param array{list<string>, list<string>}             $header  the title's and the subtitle's lines
     * @param array<int, array{list<string>, list<string>}> $texts   each bar's label and note lines
     * @param array<int, float|int>                         $rowTops where each row starts
     * @param array<int, int>                               $rowText the height of each row's text
     *
     * @return list<string>
     */
    private function panel(
        ChartPanel $panel,
        float $left,
        float $width,
        array $header,
        float $headerTop,
        array $texts,
        array $rowTops,
        array $rowText,
        float $axisY,
    ): array {
        $valueRoom = 12.0;
        $maximum = 0.0;
        foreach ($panel->bars as $bar) {
            $maximum = max($maximum, $bar->value, $bar->errorHigh, $bar->errorLow, $bar->stepFrom ?? 0.0);
            $valueRoom = max(
                $valueRoom,
                TextWidth::of(self::formatValue($bar->value, $panel->decimals), self::VALUE_FONT, true) + 12,
            );
        }
        $plotWidth = $width - $valueRoom;
        $plotTop = $rowTops[0] - 8;
        [$step, $intervals] = self::axis($maximum);
        $scale = $plotWidth / ($step * $intervals);
        $decimals = self::decimalsOf($step);
        $boxTop = $headerTop - self::PANEL_TITLE_FONT;

        $out = [\sprintf(
            '<g class="panel" data-box="%s %s %s %s">',
            self::n($left - self::BOX_SLACK),
            self::n($boxTop),
            self::n($width + self::BOX_SLACK),
            self::n($axisY + 26 - $boxTop),
        )];
        [$titleLines, $subtitleLines] = $header;
        foreach ($titleLines as $line => $text) {
            $out[] = self::text(
                $left,
                $headerTop + self::PANEL_TITLE_LINE * $line,
                $text,
                self::PANEL_TITLE_FONT,
                self::TEXT,
                'panel-title',
                'font-weight="700"',
            );
        }
        $subtitleTop = $headerTop + self::PANEL_TITLE_LINE * (\count($titleLines) - 1) + 4 + self::SUBTITLE_LINE;
        foreach ($subtitleLines as $line => $text) {
            $out[] = self::text(
                $left,
                $subtitleTop + self::SUBTITLE_LINE * $line,
                $text,
                self::SUBTITLE_FONT,
                self::MUTED,
                'panel-subtitle',
            );
        }

        // Grid and value axis, behind the bars.
        $labelledUpTo = -\INF;
        for ($tick = 0; $tick <= $intervals; ++$tick) {
            $x = $left + $tick * $step * $scale;
            if ($tick > 0) {
                $out[] = self::line('grid', $x, $plotTop, $x, $axisY, self::GRID);
            }
            $out[] = self::line('tick', $x, $axisY, $x, $axisY + 5, self::AXIS);
            // In a narrow panel, skip the labels that would run into the one before.
            $label = 0 === $tick ? '0' : number_format($tick * $step, $decimals, '.', ',');
            $halfWidth = TextWidth::of($label, self::TICK_FONT) / 2;
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
        $out[] = self::line('axis', $left, $axisY, $left + $plotWidth, $axisY, self::AXIS);
        $out[] = self::line('axis', $left, $plotTop, $left, $axisY, self::AXIS);

        foreach ($panel->bars as $row => $bar) {
            $rowTop = $rowTops[$row];
            $barTop = $rowTop + $rowText[$row] + 4;
            $middle = $barTop + self::BAR_HEIGHT / 2;
            $color = null !== $bar->tone
                ? $bar->tone->color()
                : (0 === $row ? self::BASELINE_COLOR : self::PALETTE[($row - 1) % \count(self::PALETTE)]);
            $barEnd = $left + $bar->value * $scale;
            $low = $left + $bar->errorLow * $scale;
            $high = $left + $bar->errorHigh * $scale;

            // The label starts the row, its note under it; both end above the bar.
            [$labelLines, $noteLines] = $texts[$row] ?? [[], []];
            $y = $rowTop + self::LABEL_FONT;
            foreach ($labelLines as $text) {
                $out[] = self::text($left + 6, $y, $text, self::LABEL_FONT, self::TEXT, 'label', 'font-weight="600"');
                $y += self::LABEL_LINE;
            }
            $y += self::NOTE_LINE - self::LABEL_LINE;
            foreach ($noteLines as $text) {
                $out[] = self::text($left + 6, $y, $text, self::NOTE_FONT, self::MUTED, 'note');
                $y += self::NOTE_LINE;
            }
            $out[] = \sprintf(
                '<rect class="bar" x="%s" y="%s" width="%s" height="%d" fill="%s"/>',
                self::n($left),
                self::n($barTop),
                self::n($barEnd - $left),
                self::BAR_HEIGHT,
                $color,
            );
            $furthest = max($barEnd, $high);
            if (null !== $bar->stepFrom) {
                // The step itself: from the level of the step below to this one, lighter, and that level marked.
                $from = $left + $bar->stepFrom * $scale;
                $out[] = \sprintf(
                    '<rect class="step" x="%s" y="%s" width="%s" height="%d" fill="%s" fill-opacity="0.3"/>',
                    self::n(min($from, $barEnd)),
                    self::n($barTop),
                    self::n(abs($from - $barEnd)),
                    self::BAR_HEIGHT,
                    $color,
                );
                $bottom = $barTop + self::BAR_HEIGHT + 3;
                $out[] = self::line('step-from', $from, $barTop - 3, $from, $bottom, self::MUTED);
                $furthest = max($furthest, $from);
            }
            if ($high > $low) {
                $out[] = self::line('whisker', $low, $middle, $high, $middle, self::TEXT, 1.5);
                foreach ([$low, $high] as $end) {
                    $out[] = self::line('whisker-cap', $end, $middle - 6, $end, $middle + 6, self::TEXT, 1.5);
                }
            }
            $out[] = self::text(
                $furthest + 7,
                $middle + 4.5,
                self::formatValue($bar->value, $panel->decimals),
                self::VALUE_FONT,
                self::TEXT,
                'value',
                'font-weight="600"',
            );
        }
        $out[] = '</g>';

        return $out;
    }

    /**
     * The tones the bars use, in a fixed order: the legend shows only those.
     *
     * @param list<ChartPanel> $panels
     *
     * @return list<BarTone>
     */
    private static function legend(array $panels): array
    {
        $used = [];
        foreach ($panels as $panel) {
            foreach ($panel->bars as $bar) {
                if (null !== $bar->tone && BarTone::Plain !== $bar->tone) {
                    $used[$bar->tone->value] = true;
                }
            }
        }

        return array_values(array_filter(
            [BarTone::Reference, BarTone::Faster, BarTone::NoDifference, BarTone::Slower],
            static fn (BarTone $tone): bool => isset($used[$tone->value]),
        ));
    }

    /**
     * @param list<BarTone> $tones
     *
     * @return list<string>
     */
    private static function legendItems(array $tones, float $y): array
    {
        $out = [];
        $x = (float) self::MARGIN;
        foreach ($tones as $tone) {
            $label = BarTone::Reference === $tone ? 'what the others are compared with' : $tone->value;
            $out[] = \sprintf(
                '<rect class="legend-swatch" x="%s" y="%s" width="12" height="12" fill="%s"/>',
                self::n($x),
                self::n($y - 10),
                $tone->color(),
            );
            $out[] = self::text($x + 17, $y, $label, self::NOTE_FONT, self::TEXT, 'legend');
            $x += 17 + TextWidth::of($label, self::NOTE_FONT) + 18;
        }

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

    /**
     * $decimals if given, else one below 100 (99.96 counts as 100) and none from 100 up; thousands separated by
     * commas.
     */
    private static function formatValue(float $value, ?int $decimals = null): string
    {
        return number_format($value, $decimals ?? (round(abs($value), 1) < 100 ? 1 : 0), '.', ',');
    }

    private static function line(
        string $class,
        float $x1,
        float $y1,
        float $x2,
        float $y2,
        string $color,
        float $strokeWidth = 1.0,
    ): string {
        return \sprintf(
            '<line class="%s" x1="%s" y1="%s" x2="%s" y2="%s" stroke="%s" stroke-width="%s"/>',
            $class,
            self::n($x1),
            self::n($y1),
            self::n($x2),
            self::n($y2),
            $color,
            self::n($strokeWidth),
        );
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

    /**
     * $text broken into lines that fit $width pixels at $size, measured: at its own line breaks if it has
     * $paragraphs (else they are spaces), then between words, and a word wider than the line alone between its
     * characters. Nothing is left out.
     *
     * @return list<string>
     */
    private static function wrap(
        string $text,
        float $width,
        float $size,
        bool $bold = false,
        bool $paragraphs = false,
    ): array {
        $fits = static fn (string $line): bool => TextWidth::of($line, $size, $bold) <= $width;
        $lines = [];
        foreach ($paragraphs ? preg_split('/\R/u', $text) ?: [$text] : [$text] as $paragraph) {
            $line = '';
            foreach (explode(' ', self::singleLine($paragraph)) as $word) {
                if ('' === $word) {
                    continue;
                }
                $candidate = '' === $line ? $word : $line.' '.$word;
                if ($fits($candidate)) {
                    $line = $candidate;
                    continue;
                }
                if ('' !== $line) {
                    $lines[] = $line;
                }
                $line = '';
                foreach (preg_split('//u', $word, -1, \PREG_SPLIT_NO_EMPTY) ?: [] as $character) {
                    if ('' !== $line && !$fits($line.$character)) {
                        $lines[] = $line;
                        $line = '';
                    }
                    $line .= $character;
                }
            }
            if ('' !== $line) {
                $lines[] = $line;
            }
        }

        return $lines;
    }
}
