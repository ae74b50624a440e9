<?php

declare(strict_types=1);

namespace Preheat\Console\Terminal;

use Preheat\Util\DisplayString;

/**
 * What of a text may reach the terminal raw. A file, class, setting or answer named with control characters
 * (ESC ]0;…BEL sets the title, ESC [2J clears the screen, CR overwrites a line) reaches the console in a
 * message, a report line or a progress line: every one is written with each control character but the line
 * feed and the tab as \xHH (DisplayString::controlsEscaped()). Only on a terminal (decorated output) do
 * Preheat's own sequences pass: the colours the formatter adds, and the cursor moves and line erasures of
 * the progress bar and of the -vvv trace's status line, which are written alone.
 */
final class TerminalEscapes
{
    /** Symfony's Cursor as the progress bar uses it (column 1, one line up, erase the line), and the trace's CR. */
    private const CURSOR_ONLY = '{^(?:\r|\e\[\d{1,4}[AG]|\e\[2K)+$}';

    /** A colour or attribute the formatter wrote (SGR): kept when $styled. */
    private const STYLE = '{(\e\[[0-9;]{0,40}m)}';

    /**
     * @param bool $terminal the output is a terminal's (decorated): Preheat's cursor moves pass
     * @param bool $styled   the formatter has styled $text already: its colours pass (on a terminal)
     */
    public static function escaped(string $text, bool $terminal, bool $styled): string
    {
        if ($terminal && 1 === preg_match(self::CURSOR_ONLY, $text)) {
            return $text;
        }
        if (!$terminal || !$styled) {
            return DisplayString::controlsEscaped($text);
        }
        $parts = preg_split(self::STYLE, $text, -1, \PREG_SPLIT_DELIM_CAPTURE) ?: [$text];
        $shown = '';
        foreach ($parts as $index => $part) {
            // Odd indexes are the captured styles.
            $shown .= 1 === $index % 2 ? $part : DisplayString::controlsEscaped($part);
        }

        return $shown;
    }
}
