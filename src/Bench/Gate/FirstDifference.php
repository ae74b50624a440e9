<?php

declare(strict_types=1);

namespace Preheat\Bench\Gate;

/**
 * Where two texts first differ (line, column and byte offset) and the bytes around that place on
 * each side, so that a change on line 6 or at column 3000 of one-line JSON is shown, not cut off.
 */
final class FirstDifference
{
    private function __construct(
        public readonly int $offset,
        public readonly int $line,
        public readonly int $column,
        private readonly string $expectedBefore,
        private readonly string $expectedAfter,
        private readonly string $actualBefore,
        private readonly string $actualAfter,
        private readonly int $context,
    ) {
    }

    public static function between(string $expected, string $actual, int $context = 80): ?self
    {
        if ($expected === $actual) {
            return null;
        }
        $common = min(\strlen($expected), \strlen($actual));
        // The first non-zero byte of the XOR of the common lengths is the first difference.
        $offset = strspn(substr($expected, 0, $common) ^ substr($actual, 0, $common), "\0");
        $lineStart = false === ($newline = strrpos(substr($expected, 0, $offset), "\n")) ? 0 : $newline + 1;
        $from = max(0, $offset - $context);

        return new self(
            $offset,
            substr_count($expected, "\n", 0, $offset) + 1,
            $offset - $lineStart + 1,
            substr($expected, $from, $offset - $from),
            substr($expected, $offset, $context + 1),
            substr($actual, $from, $offset - $from),
            substr($actual, $offset, $context + 1),
            $context,
        );
    }

    /** Where, then one line per side: up to $context bytes before the difference, ▶, and as many from it on. */
    public function render(string $expectedLabel, string $actualLabel): string
    {
        $width = max(mb_strlen($expectedLabel), mb_strlen($actualLabel)) + 1;

        return \sprintf(
            "first difference at line %d, column %d (byte %d):\n  %s %s\n  %s %s",
            $this->line,
            $this->column,
            $this->offset + 1,
            self::pad($expectedLabel.':', $width),
            $this->excerpt($this->expectedBefore, $this->expectedAfter),
            self::pad($actualLabel.':', $width),
            $this->excerpt($this->actualBefore, $this->actualAfter),
        );
    }

    private function excerpt(string $before, string $after): string
    {
        $cutBefore = $this->offset > \strlen($before);
        $cutAfter = \strlen($after) > $this->context;
        if ($cutBefore) {
            $before = (string) preg_replace('/^[\x80-\xbf]{1,3}/', '', $before); // not half a character
        }
        if ($cutAfter) {
            $after = self::withoutHalfCharacterAtEnd(substr($after, 0, $this->context));
        }

        return ($cutBefore ? '…' : '')
            .self::printable($before)
            .'▶'
            .('' === $after ? '(end)' : self::printable($after))
            .($cutAfter ? '…' : '');
    }

    private static function withoutHalfCharacterAtEnd(string $bytes): string
    {
        // A lead byte followed by fewer continuation bytes than it announces, at the very end.
        $halfCharacter = '/(?:[\xc0-\xdf]|[\xe0-\xef][\x80-\xbf]?|[\xf0-\xf7][\x80-\xbf]{0,2})$/';

        return (string) preg_replace($halfCharacter, '', $bytes);
    }

    /**
     * Control bytes and bytes that are not UTF-8 escaped, so that one excerpt stays on one line whatever the
     * page holds.
     */
    private static function printable(string $bytes): string
    {
        $out = '';
        $length = \strlen($bytes);
        for ($i = 0; $i < $length;) {
            $byte = \ord($bytes[$i]);
            if ($byte < 0x80) {
                $out .= match (true) {
                    0x0A === $byte => '\n',
                    0x0D === $byte => '\r',
                    0x09 === $byte => '\t',
                    $byte < 0x20 || 0x7F === $byte => \sprintf('\x%02X', $byte),
                    default => $bytes[$i],
                };
                ++$i;
                continue;
            }
            $size = $byte >= 0xF0 ? 4 : ($byte >= 0xE0 ? 3 : 2);
            $character = substr($bytes, $i, $size);
            if (\strlen($character) === $size && mb_check_encoding($character, 'UTF-8')) {
                $out .= $character;
                $i += $size;
                continue;
            }
            $out .= \sprintf('\x%02X', $byte);
            ++$i;
        }

        return $out;
    }

    private static function pad(string $label, int $width): string
    {
        return $label.str_repeat(' ', max(0, $width - mb_strlen($label)));
    }
}
