<?php

declare(strict_types=1);

namespace Preheat\Report\Svg;

/**
 * What a bar's colour says: the reference the others are compared with, a verdict of that comparison, or
 * nothing (a figure such as memory that is not compared).
 */
enum BarTone: string
{
    case Reference = 'reference';
    case Faster = 'faster';
    case NoDifference = 'no measurable difference';
    case Slower = 'slower';
    /** A figure with no verdict: colour by the bar's place, as before */
    case Plain = 'plain';

    public function color(): string
    {
        return match ($this) {
            self::Reference => '#6e7781',
            self::Faster => '#2a9d5c',
            self::NoDifference => '#b6bec8',
            self::Slower => '#d64550',
            self::Plain => '#2f6fdb',
        };
    }
}
