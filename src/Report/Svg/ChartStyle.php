<?php

declare(strict_types=1);

namespace Preheat\Report\Svg;

/**
 * The chart's look, shared by its layout (BarChart) and its drawing (PanelDrawing, ChartLegend): font, colours,
 * text sizes and the line height of each kind of text, in pixels.
 */
final class ChartStyle
{
    public const FONT = 'DejaVu Sans, Helvetica, Arial, sans-serif';
    public const TEXT = '#1f2328';
    public const MUTED = '#57606a';
    public const GRID = '#e4e7eb';
    public const AXIS = '#8c959f';
    public const BASELINE_COLOR = '#9ca3af';
    public const PALETTE = ['#2f6fdb', '#e8772e', '#2a9d5c', '#8b5cf6', '#d64550', '#1597a5'];
    public const BAR_HEIGHT = 18;
    public const TITLE_FONT = 20;
    public const PANEL_TITLE_FONT = 15;
    public const SUBTITLE_FONT = 12;
    public const LABEL_FONT = 13;
    public const NOTE_FONT = 11.5;
    public const VALUE_FONT = 12.5;
    public const TICK_FONT = 11.5;
    public const FOOT_FONT = 11.5;
    /** Line heights of the texts above, in the same order. */
    public const TITLE_LINE = 24;
    public const PANEL_TITLE_LINE = 18;
    public const SUBTITLE_LINE = 15;
    public const LABEL_LINE = 16;
    public const NOTE_LINE = 14;
    public const FOOT_LINE = 15;

    private function __construct()
    {
    }
}
