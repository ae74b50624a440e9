<?php

declare(strict_types=1);

namespace Preheat\Bench\Load\Callgrind;

/**
 * A callgrind output file of one process, every dump combined in it (`--combine-dumps=yes`), read for
 * what the bench needs: each part's total of instructions executed (event `Ir`) and what triggered its
 * dump. Valgrind dumps before PHP starts a request and after it ends one (RequestBoundary), so the parts
 * that end at the end of a request are exactly the requests, and everything else (valgrind's and PHP's
 * start-up, preloading when it runs in this process, the shutdown) lies in parts of its own.
 */
final class CallgrindProfile
{
    /** @param list<CallgrindPart> $parts */
    public function __construct(public readonly string $file, public readonly array $parts)
    {
    }

    public static function read(string $file): self
    {
        $text = is_file($file) ? @file_get_contents($file) : false;
        if (false === $text) {
            throw CallgrindError::unreadable($file, 'no such file, or it cannot be read');
        }

        return self::parse($text, $file);
    }

    /** Reads only the header lines of each part; the cost lines in between are skipped. */
    public static function parse(string $text, string $file): self
    {
        if (!str_starts_with($text, '# callgrind format')) {
            throw CallgrindError::unreadable($file, 'not a callgrind output file (no "# callgrind format" line)');
        }
        $parts = [];
        $number = 1;
        $trigger = null;
        $eventIndex = null;
        preg_match_all('/^(part|desc: Trigger|events|totals): *(.*)$/m', $text, $lines, \PREG_SET_ORDER);
        foreach ($lines as [, $key, $value]) {
            switch ($key) {
                case 'part':
                    $number = (int) $value;
                    $trigger = null;
                    break;
                case 'desc: Trigger':
                    $trigger = trim($value);
                    break;
                case 'events':
                    $eventIndex = array_search('Ir', preg_split('/\s+/', trim($value)) ?: [], true);
                    if (false === $eventIndex) {
                        $error = CallgrindError::unreadable(
                            $file,
                            \sprintf('part %d does not count instructions (events: %s)', $number, trim($value)),
                        );
                        throw $error;
                    }
                    break;
                default: // totals: the part's sum of each event, in the order of "events:"
                    $totals = preg_split('/\s+/', trim($value)) ?: [];
                    if (null === $eventIndex || !isset($totals[$eventIndex]) || !ctype_digit($totals[$eventIndex])) {
                        $error = CallgrindError::unreadable(
                            $file,
                            \sprintf('part %d has no total of instructions', $number),
                        );
                        throw $error;
                    }
                    $parts[] = new CallgrindPart($number, $trigger ?? 'unknown', (int) $totals[$eventIndex]);
            }
        }
        if ([] === $parts) {
            throw CallgrindError::unreadable($file, 'it holds no totals (did valgrind end before it wrote them?)');
        }

        return new self($file, $parts);
    }

    /**
     * The instructions of each request, in the order they ran.
     *
     * @return list<int>
     */
    public function requests(): array
    {
        return array_values(array_map(
            static fn (CallgrindPart $part): int => $part->instructions,
            array_filter(
                $this->parts,
                static fn (CallgrindPart $part): bool => RequestBoundary::endsRequest($part->trigger),
            ),
        ));
    }
}
