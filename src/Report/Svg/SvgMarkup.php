<?php

declare(strict_types=1);

namespace Preheat\Report\Svg;

/**
 * The chart's SVG elements as text: coordinates with one fixed decimal, every text escaped for XML and made one
 * valid line first, so that the output is deterministic and well-formed whatever the labels hold.
 */
final class SvgMarkup
{
    private function __construct()
    {
    }

    public static function line(
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
            self::number($x1),
            self::number($y1),
            self::number($x2),
            self::number($y2),
            $color,
            self::number($strokeWidth),
        );
    }

    /** @param string $attributes extra attributes, already escaped */
    public static function text(
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
            self::number($x),
            self::number($y),
            self::number($size),
            $color,
            '' === $attributes ? '' : ' '.$attributes,
            self::escape($text),
        );
    }

    /** A coordinate with one fixed decimal, "12" rather than "12.0". */
    public static function number(float $value): string
    {
        $text = \sprintf('%.1F', $value);
        if (str_ends_with($text, '.0')) {
            $text = substr($text, 0, -2);
        }

        return '-0' === $text ? '0' : $text;
    }

    public static function escape(string $text): string
    {
        return htmlspecialchars($text, \ENT_XML1 | \ENT_QUOTES, 'UTF-8');
    }

    /** Valid UTF-8 without characters XML 1.0 forbids, whitespace runs (newlines too) as one space. */
    public static function singleLine(string $text): string
    {
        if (1 !== preg_match('//u', $text)) {
            $text = (string) preg_replace('/[\x80-\xFF]/', '?', $text);
        }
        $text = (string) preg_replace('/[\x00-\x08\x0B\x0C\x0E-\x1F\x7F]/', '', $text);

        return trim((string) preg_replace('/\s+/u', ' ', $text));
    }
}
