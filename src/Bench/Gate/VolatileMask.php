<?php

declare(strict_types=1);

namespace Preheat\Bench\Gate;

/**
 * A baseline page with the regions that changed between identical requests. Another page is
 * aligned with it token by token: a difference that stays inside a region and has the shape of what
 * was seen there is masked; any other difference is kept, so real changes show (next to volatile
 * parts too). A page identical to the reference is never split into tokens, nor is one over
 * ALIGN_LIMIT bytes (a large download): that one is compared byte for byte, because aligning
 * millions of tokens would take gigabytes.
 */
final class VolatileMask
{
    public const MARKER = '«volatile»';

    /** Pages larger than this (in bytes) are compared whole, never aligned token by token. */
    public const ALIGN_LIMIT = 4 * 1024 * 1024;

    /** @var list<string>|null the reference as tokens, split when a page first differs from it */
    private ?array $reference = null;

    /**
     * @param string               $text    the first baseline sample
     * @param list<VolatileRegion> $regions sorted, disjoint and not adjacent, over the tokens of $text
     * @param bool                 $exact   false when the samples differed too much to align token by token
     */
    public function __construct(
        private readonly string $text,
        public readonly array $regions = [],
        public readonly bool $exact = true,
    ) {
    }

    public function compare(string $page): MaskedPair
    {
        if ([] === $this->regions && $page === $this->text) {
            return new MaskedPair($this->text, $page);
        }
        if (\strlen($page) > self::ALIGN_LIMIT || \strlen($this->text) > self::ALIGN_LIMIT) {
            return new MaskedPair($this->text, $page);
        }
        $this->reference ??= Tokens::split($this->text);
        $tokens = Tokens::split($page);
        $hunks = TokenDiff::between($this->reference, $tokens)->hunks;
        $unexplained = array_filter(
            $hunks,
            fn (Hunk $hunk): bool => !$this->explains(
                $hunk,
                \array_slice($tokens, $hunk->bStart, $hunk->bEnd - $hunk->bStart),
            ),
        );
        // A region a real difference runs into is not masked: it shows as it is on both sides.
        $touched = array_filter(
            $this->regions,
            static fn (VolatileRegion $region): bool => [] !== array_filter($unexplained, $region->overlaps(...)),
        );
        $masked = array_values(array_filter(
            $this->regions,
            static fn (VolatileRegion $region): bool => !\in_array($region, $touched, true),
        ));
        $applied = array_values(array_filter(
            $hunks,
            static fn (Hunk $hunk): bool => \in_array($hunk, $unexplained, true)
                || [] !== array_filter($touched, static fn (VolatileRegion $region): bool => $region->overlaps($hunk)),
        ));

        return new MaskedPair($this->render($masked, [], []), $this->render($masked, $applied, $tokens));
    }

    /** @param list<string> $tokens */
    private function explains(Hunk $hunk, array $tokens): bool
    {
        foreach ($this->regions as $region) {
            if ($region->explains($hunk, $tokens)) {
                return true;
            }
        }

        return false;
    }

    /**
     * The reference with the masked regions replaced by the marker and the given hunks applied.
     *
     * @param list<VolatileRegion> $masked
     * @param list<Hunk>           $hunks
     * @param list<string>         $page
     */
    private function render(array $masked, array $hunks, array $page): string
    {
        $this->reference ??= Tokens::split($this->text);
        $out = '';
        $count = \count($this->reference);
        $h = 0;
        $r = 0;
        for ($i = 0;;) {
            if (isset($hunks[$h]) && $hunks[$h]->aStart <= $i) {
                $out .= implode('', \array_slice($page, $hunks[$h]->bStart, $hunks[$h]->bEnd - $hunks[$h]->bStart));
                $i = max($i, $hunks[$h]->aEnd);
                ++$h;
                continue;
            }
            if (isset($masked[$r]) && $masked[$r]->start <= $i) {
                $out .= self::MARKER;
                $i = max($i, $masked[$r]->end);
                ++$r;
                continue;
            }
            if ($i >= $count) {
                return $out;
            }
            $out .= $this->reference[$i++];
        }
    }
}
