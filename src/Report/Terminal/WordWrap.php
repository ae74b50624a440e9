<?php

declare(strict_types=1);

namespace Preheat\Report\Terminal;

use Symfony\Component\Console\Helper\Helper;

/**
 * Text wrapped at spaces to a width in terminal columns (multibyte-aware, unlike wordwrap()): a word is never cut,
 * so neither is a number, unless it is longer than the width alone and cutting is allowed (a path, a line of HTML).
 */
final class WordWrap
{
    /** @return list<string> the lines of $text (its own line breaks kept), each at most $width wide if it can be */
    public static function lines(string $text, int $width, bool $cutLongWords = false): array
    {
        return self::hanging($text, $width, '', $cutLongWords);
    }

    /**
     * $text wrapped to $width, each line a paragraph wraps into after its first indented by $indent (a list item's
     * text under its text, not under its bullet).
     *
     * @return list<string>
     */
    public static function hanging(string $text, int $width, string $indent, bool $cutLongWords = true): array
    {
        $width = max(1, $width);
        if (Helper::width($indent) >= $width) {
            $indent = '';
        }
        $lines = [];
        foreach (explode("\n", $text) as $paragraph) {
            array_push($lines, ...self::paragraph($paragraph, $width, $indent, $cutLongWords));
        }

        return $lines;
    }

    /** The width of the longest word of $text: the narrowest it can be wrapped to without cutting one. */
    public static function longestWord(string $text): int
    {
        $longest = 0;
        foreach (preg_split('/[ \n]+/u', $text) ?: [] as $word) {
            $longest = max($longest, Helper::width($word));
        }

        return $longest;
    }

    /** @return list<string> */
    private static function paragraph(string $text, int $width, string $indent, bool $cut): array
    {
        if (Helper::width($text) <= $width) {
            return [$text];
        }
        // Leading spaces stay with the first word: an indented line keeps its indentation.
        $lead = str_repeat(' ', strspn($text, ' '));
        $words = explode(' ', substr($text, \strlen($lead)));
        $lines = [];
        $line = $lead;
        $empty = true;
        foreach ($words as $word) {
            $candidate = $empty ? $line.$word : $line.' '.$word;
            // A word that fits on no line, where it may be cut, starts where it is rather than on a line of its own.
            $tooLong = $cut && Helper::width($indent.$word) > $width;
            if ($empty || $tooLong || Helper::width($candidate) <= $width) {
                $line = $candidate;
            } else {
                $lines[] = $line;
                $line = $indent.$word;
            }
            $empty = false;
            while ($cut && Helper::width($line) > $width) {
                $head = mb_strimwidth($line, 0, $width);
                $lines[] = $head;
                $line = $indent.mb_substr($line, mb_strlen($head));
            }
        }
        $lines[] = $line;

        return $lines;
    }
}
