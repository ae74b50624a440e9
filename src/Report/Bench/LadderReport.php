<?php

declare(strict_types=1);

namespace Preheat\Report\Bench;

use Preheat\Bench\Result\Metric;
use Preheat\Bench\Statistics\PairedComparison;
use Preheat\Bench\Statistics\Verdict;

/**
 * The ladder's rows, and the answer to the question its reference asks: how much of what preloading
 * everything gains is left once the autoloader is optimised.
 */
final class LadderReport
{
    /**
     * The share of the preload gain that remains on top of the optimised autoloader; null when either was
     * not measured or either gain is not measurably positive (a share of a gain that may be none, or a loss, says
     * nothing: "140% of the preload gain remains" of two gains whose intervals hold 0). Taken once, here: every
     * renderer shows this one.
     */
    public readonly ?float $preloadGainRemaining;

    /**
     * @param list<LadderRow>       $rows                     the rungs in order, then the references
     * @param PairedComparison|null $preloadOverClassmap      "preload all" over "autoloader" (both with the optimised
     *                                                        autoloader)
     * @param PairedComparison|null $preloadOverAppAutoloader the reference over "opcache sizing" (both with the app's
     *                                                        autoloader)
     */
    public function __construct(
        /** The metric every gain of the ladder is paired on: the report's primary one */
        public readonly Metric $metric,
        public readonly array $rows,
        public readonly ?PairedComparison $preloadOverClassmap,
        public readonly ?PairedComparison $preloadOverAppAutoloader,
    ) {
        $this->preloadGainRemaining = null === $preloadOverClassmap
            || null === $preloadOverAppAutoloader
            || Verdict::Faster !== $preloadOverAppAutoloader->verdict()
            || Verdict::Faster !== $preloadOverClassmap->verdict()
            ? null
            : $preloadOverClassmap->gain() / $preloadOverAppAutoloader->gain();
    }
}
