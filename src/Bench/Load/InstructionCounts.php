<?php

declare(strict_types=1);

namespace Preheat\Bench\Load;

/**
 * The instructions an instruction-counting tool counted in one run: the whole count over the measured requests
 * (what instructions per request divide), and per request the median and the fewest of each page's measured
 * requests, averaged over the pages. A chore the app does on a random request (a session lottery) lands on one
 * request: it moves the whole count, not the minimum. Null where not known (a run read back from a report that
 * did not keep them).
 */
final class InstructionCounts
{
    public function __construct(
        public readonly int $total,
        public readonly ?float $medianPerRequest = null,
        public readonly ?float $minimumPerRequest = null,
    ) {
    }

    /** @param list<int> $requests one page's measured requests, each its instructions */
    public static function ofRequests(array $requests): self
    {
        if ([] === $requests) {
            return new self(0);
        }
        $sorted = $requests;
        sort($sorted);
        $count = \count($sorted);
        $middle = intdiv($count, 2);
        $median = 0 === $count % 2 ? ($sorted[$middle - 1] + $sorted[$middle]) / 2 : (float) $sorted[$middle];

        return new self(array_sum($requests), $median, (float) $sorted[0]);
    }

    /**
     * Several pages' counts as one run's: the totals add up; the per-request figures are averaged over the pages
     * (each page runs as many measured requests), null unless every page has them.
     *
     * @param non-empty-list<self> $pages
     */
    public static function combine(array $pages): self
    {
        $mean = static function (array $values): ?float {
            return \in_array(null, $values, true) ? null : array_sum($values) / \count($values);
        };

        return new self(
            array_sum(array_map(static fn (self $page): int => $page->total, $pages)),
            $mean(array_map(static fn (self $page): ?float => $page->medianPerRequest, $pages)),
            $mean(array_map(static fn (self $page): ?float => $page->minimumPerRequest, $pages)),
        );
    }
}
