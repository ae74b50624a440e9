<?php

declare(strict_types=1);

namespace Preheat\Report\Svg;

/**
 * The chart's legend: a swatch and a name for each tone the bars use, in a fixed order, on one line.
 */
final class ChartLegend
{
    private function __construct()
    {
    }

    /**
     * The tones the bars use, in a fixed order: the legend shows only those.
     *
     * @param list<ChartPanel> $panels
     *
     * @return list<BarTone>
     */
    public static function tones(array $panels): array
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
    public static function items(array $tones, float $x, float $y): array
    {
        $out = [];
        foreach ($tones as $tone) {
            $label = BarTone::Reference === $tone ? 'what the others are compared with' : $tone->value;
            $out[] = \sprintf(
                '<rect class="legend-swatch" x="%s" y="%s" width="12" height="12" fill="%s"/>',
                SvgMarkup::number($x),
                SvgMarkup::number($y - 10),
                $tone->color(),
            );
            $out[] = SvgMarkup::text($x + 17, $y, $label, ChartStyle::NOTE_FONT, ChartStyle::TEXT, 'legend');
            $x += 17 + TextWidth::of($label, ChartStyle::NOTE_FONT) + 18;
        }

        return $out;
    }
}
