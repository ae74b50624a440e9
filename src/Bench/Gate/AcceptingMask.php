<?php

declare(strict_types=1);

namespace Preheat\Bench\Gate;

/**
 * For a page that differs from the baseline: the value that differs first (from the last delimiter before
 * the difference to the next one, on each side), and a `bench.masks` pattern that masks it (the text
 * before it on its line, kept, then anything up to that delimiter), offered only when the baseline's
 * samples and the page masked with it, and with as many more found the same way (at most MAX_MASKS),
 * compare equal. Learning cannot see what did not change while the baseline was sampled; the user, who
 * knows the page, decides whether it is such a value or a break.
 */
final class AcceptingMask
{
    /** How many values may differ for masks to be offered: more, and the page is not the same page. */
    public const MAX_MASKS = 3;

    /** Bytes of the line before a value that a pattern names, so that it masks that value and few others. */
    private const CONTEXT = 24;

    /** Bytes a value ends at, as Tokens splits values; the pattern masks up to the same one. */
    private const DELIMITERS = "\"'<>=&;,()[]{} \t\r\n";

    /**
     * @param list<string> $patterns the bench.masks entries, in PCRE form as the file holds them
     */
    private function __construct(
        public readonly string $expected,
        public readonly string $actual,
        public readonly array $patterns,
    ) {
    }

    /**
     * @param non-empty-list<string> $samples the baseline's samples of the page, as the gate compared them
     * @param string                 $page    this scenario's page, as the gate compared it
     */
    public static function find(VolatileRegionLearner $learner, array $samples, string $page): ?self
    {
        $first = null;
        $patterns = [];
        for ($round = 0; $round <= self::MAX_MASKS; ++$round) {
            $masker = new BodyMasker($patterns);
            $pair = $learner->learn(array_map($masker->mask(...), $samples))->compare($masker->mask($page));
            $difference = $pair->firstDifference();
            if (null === $difference) {
                return null === $first ? null : new self($first[0], $first[1], $patterns);
            }
            $value = self::differingValue($pair->expected, $pair->actual, $difference->offset);
            if (null === $value) {
                break;
            }
            $first ??= $value;
            if (null === $value[2] || self::MAX_MASKS === $round || \in_array($value[2], $patterns, true)) {
                break;
            }
            $patterns[] = $value[2];
        }

        return null === $first ? null : new self($first[0], $first[1], []);
    }

    /**
     * The value each side has where they first differ, and the pattern that masks it (null when no text
     * before it names its place, or the two sides do not end it with the same delimiter).
     *
     * @return array{string, string, ?string}|null
     */
    private static function differingValue(string $expected, string $actual, int $offset): ?array
    {
        $start = $offset;
        while ($start > 0 && !str_contains(self::DELIMITERS, $expected[$start - 1])
            && !str_ends_with(substr($expected, 0, $start), VolatileMask::MARKER)) {
            --$start;
        }
        $expectedEnd = $start + strcspn($expected, self::DELIMITERS, $start);
        $actualEnd = $start + strcspn($actual, self::DELIMITERS, $start);
        $value = [
            substr($expected, $start, $expectedEnd - $start),
            substr($actual, $start, $actualEnd - $start),
        ];
        if (str_contains($value[0].$value[1], VolatileMask::MARKER)) {
            return null;
        }
        $end = $expected[$expectedEnd] ?? '';
        if ('' === $end || $end !== ($actual[$actualEnd] ?? '')) {
            return [...$value, null];
        }
        // The text before the value on its line, after the last part learned as volatile (the page has
        // something else there), and of that the last CONTEXT bytes.
        $lineStart = false === ($newline = strrpos(substr($expected, 0, $start), "\n")) ? 0 : $newline + 1;
        $context = substr($expected, $lineStart, $start - $lineStart);
        $volatile = strrpos($context, VolatileMask::MARKER);
        if (false !== $volatile) {
            $context = substr($context, $volatile + \strlen(VolatileMask::MARKER));
        }
        $context = substr($context, -self::CONTEXT);
        $context = (string) preg_replace('/^[\x80-\xbf]+/', '', $context); // not half a character
        if (!preg_match('/[A-Za-z0-9]/', $context)) {
            return [...$value, null];
        }
        // Only what PCRE reads as syntax is escaped, so that the entry stays readable (preg_quote() escapes
        // "<" and "=" too).
        $pattern = '~('.addcslashes($context, '\\^$.|?*+()[]{}~').')'
            .('' === trim($end) ? '\S*' : '[^'.addcslashes($end, '\\]^-[~').']*')
            .'~';

        return [...$value, $pattern];
    }

    /** The first entry as a line of preheat.json's `bench.masks` list. */
    public function entry(): string
    {
        return implode(', ', array_map(
            static fn (string $pattern): string => json_encode(
                $pattern,
                \JSON_UNESCAPED_SLASHES | \JSON_UNESCAPED_UNICODE | \JSON_THROW_ON_ERROR,
            ),
            $this->patterns,
        ));
    }
}
