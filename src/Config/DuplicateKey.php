<?php

declare(strict_types=1);

namespace Preheat\Config;

/**
 * A key given twice in one object of a JSON document, which json_decode() takes silently as the last of them.
 * PHP's parser reports no duplicates, so find() walks the document's tokens itself; it is given only text that
 * json_decode() has accepted, so it needs to tell strings, brackets, colons and commas apart, not to check them.
 */
final class DuplicateKey
{
    /**
     * @param string $path  the key with its objects' keys before it, dotted: bench.duration
     * @param int    $first the line of its first occurrence, from 1
     * @param int    $again the line of the next one
     */
    public function __construct(
        public readonly string $path,
        public readonly int $first,
        public readonly int $again,
    ) {
    }

    /** The first key given twice in the same object, or null when there is none. */
    public static function find(string $json): ?self
    {
        // One frame per open object or list: whether it is an object, the keys seen in it (key => offset), the
        // last of them, and its own path.
        /** @var list<array{object: bool, keys: array<string, int>, last: string, path: string}> $frames */
        $frames = [];
        // After "{", or after "," in an object, the next string is a key; anywhere else a string is a value.
        $keyNext = false;
        $length = \strlen($json);
        for ($at = 0; $at < $length; ++$at) {
            // Numbers, literals, spaces and colons tell nothing here: skipped in one step.
            $at += strcspn($json, '"{}[],', $at);
            if ($at >= $length) {
                break;
            }
            $char = $json[$at];
            $top = array_key_last($frames);
            if ('"' === $char) {
                $start = $at;
                $at = self::stringEnd($json, $at);
                if ($keyNext && null !== $top) {
                    $raw = substr($json, $start, $at - $start + 1);
                    $key = str_contains($raw, '\\') ? (string) json_decode($raw) : substr($raw, 1, -1);
                    if (isset($frames[$top]['keys'][$key])) {
                        return new self(
                            self::join($frames[$top]['path'], $key),
                            self::line($json, $frames[$top]['keys'][$key]),
                            self::line($json, $start),
                        );
                    }
                    $frames[$top]['keys'][$key] = $start;
                    $frames[$top]['last'] = $key;
                    $keyNext = false;
                }
            } elseif ('{' === $char || '[' === $char) {
                $path = match (true) {
                    null === $top => '',
                    $frames[$top]['object'] => self::join($frames[$top]['path'], $frames[$top]['last']),
                    default => $frames[$top]['path'].'[]',
                };
                $frames[] = ['object' => '{' === $char, 'keys' => [], 'last' => '', 'path' => $path];
                $keyNext = '{' === $char;
            } elseif ('}' === $char || ']' === $char) {
                array_pop($frames);
                $keyNext = false;
            } elseif (',' === $char) {
                $keyNext = null !== $top && $frames[$top]['object'];
            }
        }

        return null;
    }

    /** The offset of the closing quote of the string opened at $at. */
    private static function stringEnd(string $json, int $at): int
    {
        $length = \strlen($json);
        ++$at;
        while ($at < $length) {
            $at += strcspn($json, '"\\', $at);
            if ($at >= $length || '"' === $json[$at]) {
                return $at;
            }
            $at += 2; // a backslash and the character it escapes
        }

        return $length;
    }

    private static function join(string $path, string $key): string
    {
        return '' === $path ? $key : $path.'.'.$key;
    }

    private static function line(string $json, int $offset): int
    {
        return substr_count($json, "\n", 0, $offset) + 1;
    }
}
