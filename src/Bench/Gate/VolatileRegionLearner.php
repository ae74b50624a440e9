<?php

declare(strict_types=1);

namespace Preheat\Bench\Gate;

/**
 * Learns what changes between identical requests to one page: the first sample is the reference,
 * every other sample is aligned with it token by token, and each difference is widened to the whole
 * value it sits in (up to whitespace or markup/JSON punctuation), so that "15:00:32" is one volatile
 * value even when only its seconds changed while sampling.
 */
final class VolatileRegionLearner
{
    public function __construct(private readonly int $maxEdits = 1000)
    {
    }

    /** @param non-empty-list<string> $samples bodies of the same page, fetched the same way */
    public function learn(array $samples): VolatileMask
    {
        $others = array_values(array_filter(
            \array_slice($samples, 1),
            static fn (string $sample): bool => $sample !== $samples[0],
        ));
        if ([] === $others) {
            return new VolatileMask($samples[0]);
        }
        if (max(array_map('strlen', $samples)) > VolatileMask::ALIGN_LIMIT) {
            // Too large to align: nothing is masked, so a page that differs between identical requests fails the
            // gate (and says where).
            return new VolatileMask($samples[0], [], false);
        }
        $reference = Tokens::split($samples[0]);
        $regions = [];
        $exact = true;
        foreach ($others as $sample) {
            $tokens = Tokens::split($sample);
            $diff = TokenDiff::between($reference, $tokens, $this->maxEdits);
            $exact = $exact && $diff->exact;
            foreach ($diff->hunks as $hunk) {
                [$start, $end] = self::widenToValue($reference, $hunk->aStart, $hunk->aEnd);
                [$otherStart, $otherEnd] = self::widenToValue($tokens, $hunk->bStart, $hunk->bEnd);
                $seen = [
                    ...\array_slice($reference, $start, $end - $start),
                    ...\array_slice($tokens, $otherStart, $otherEnd - $otherStart),
                ];
                $regions[] = new VolatileRegion($start, $end, TokenShape::of($seen));
            }
        }

        return new VolatileMask($samples[0], self::merged($regions), $exact);
    }

    /**
     * @param list<string> $tokens
     *
     * @return array{int, int}
     */
    private static function widenToValue(array $tokens, int $start, int $end): array
    {
        while ($start > 0 && !Tokens::isDelimiter($tokens[$start - 1])) {
            --$start;
        }
        while ($end < \count($tokens) && !Tokens::isDelimiter($tokens[$end])) {
            ++$end;
        }

        return [$start, $end];
    }

    /**
     * @param list<VolatileRegion> $regions
     *
     * @return list<VolatileRegion>
     */
    private static function merged(array $regions): array
    {
        usort(
            $regions,
            static fn (VolatileRegion $a, VolatileRegion $b): int => [$a->start, $a->end] <=> [$b->start, $b->end],
        );
        $merged = [];
        foreach ($regions as $region) {
            $last = array_key_last($merged);
            if (null !== $last && $region->start <= $merged[$last]->end) {
                $merged[$last] = $merged[$last]->mergedWith($region);
            } else {
                $merged[] = $region;
            }
        }

        return $merged;
    }
}
