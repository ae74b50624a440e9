<?php

declare(strict_types=1);

namespace Preheat\Report\Svg;

/**
 * Breaks a chart's text into lines that fit a width, measured with TextWidth: no text is ever cut.
 */
final class TextWrap
{
    private function __construct()
    {
    }

    /**
     * $text broken into lines that fit $width pixels at $size, measured: at its own line breaks if it has
     * $paragraphs (else they are spaces), then between words, and a word wider than the line alone between its
     * characters. Nothing is left out.
     *
     * @return list<string>
     */
    public static function lines(
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
            foreach (explode(' ', SvgMarkup::singleLine($paragraph)) as $word) {
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
