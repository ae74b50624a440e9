<?php

declare(strict_types=1);

namespace Preheat\Bench\Statistics;

use Random\Engine\Mt19937;
use Random\Randomizer;

/**
 * Percentile bootstrap confidence intervals for comparing two samples.
 *
 * Each resample draws, with replacement, as many values from the treatment as it holds, then as many from
 * the baseline, and records median(treatment draw) / median(baseline draw). The interval is the
 * (1 - level) / 2 and 1 - (1 - level) / 2 percentiles of those ratios. A seeded Mt19937 engine makes the
 * draws, and therefore the interval, the same on every machine.
 */
final class Bootstrap
{
    /** @throws \InvalidArgumentException when $resamples is less than 1 */
    public function __construct(
        private readonly int $resamples = 10000,
        private readonly int $seed = 1,
    ) {
        if ($resamples < 1) {
            $message = \sprintf('A bootstrap needs at least one resample, got %d.', $resamples);
            throw new \InvalidArgumentException($message);
        }
    }

    /**
     * Confidence interval of median(treatment) / median(baseline).
     *
     * @throws \InvalidArgumentException when the baseline median (or that of a baseline resample) is 0, or the
     *                                   level is not in (0, 1)
     */
    public function ratioOfMedians(Sample $treatment, Sample $baseline, float $level = 0.95): ConfidenceInterval
    {
        if (!($level > 0.0 && $level < 1.0)) {
            $message = \sprintf('A confidence level lies strictly between 0 and 1, got %s.', var_export($level, true));
            throw new \InvalidArgumentException($message);
        }
        if (0.0 === $baseline->median()) {
            throw new \InvalidArgumentException('The ratio of medians is undefined: the baseline median is 0.');
        }

        $randomizer = new Randomizer(new Mt19937($this->seed));
        $treatmentValues = $treatment->sorted();
        $baselineValues = $baseline->sorted();
        $ratios = [];
        for ($i = 0; $i < $this->resamples; ++$i) {
            $numerator = self::resampledMedian($treatmentValues, $randomizer);
            $denominator = self::resampledMedian($baselineValues, $randomizer);
            if (0.0 === $denominator) {
                $message = 'The ratio of medians is undefined: a baseline resample has median 0.';
                throw new \InvalidArgumentException($message);
            }
            $ratios[] = $numerator / $denominator;
        }

        $ratioSample = new Sample($ratios);
        $tail = (1.0 - $level) / 2.0 * 100.0;

        return new ConfidenceInterval($ratioSample->percentile($tail), $ratioSample->percentile(100.0 - $tail), $level);
    }

    /**
     * Confidence interval of the relative gain median(treatment) / median(baseline) - 1, as a fraction
     * (0.20 for +20 %).
     *
     * @throws \InvalidArgumentException as ratioOfMedians()
     */
    public function gain(Sample $treatment, Sample $baseline, float $level = 0.95): ConfidenceInterval
    {
        $ratio = $this->ratioOfMedians($treatment, $baseline, $level);

        return new ConfidenceInterval($ratio->low - 1.0, $ratio->high - 1.0, $ratio->level);
    }

    /**
     * Confidence interval of the median of one sample, resampling its values (for paired rounds: the
     * per-round ratios, so each round's pair stays together).
     *
     * @param list<float> $values not empty
     *
     * @throws \InvalidArgumentException when $values is empty or the level is not in (0, 1)
     */
    public function median(array $values, float $level = 0.95): ConfidenceInterval
    {
        if (!($level > 0.0 && $level < 1.0)) {
            $message = \sprintf('A confidence level lies strictly between 0 and 1, got %s.', var_export($level, true));
            throw new \InvalidArgumentException($message);
        }
        $sorted = (new Sample($values))->sorted();
        $randomizer = new Randomizer(new Mt19937($this->seed));
        $medians = [];
        for ($i = 0; $i < $this->resamples; ++$i) {
            $medians[] = self::resampledMedian($sorted, $randomizer);
        }
        $sample = new Sample($medians);
        $tail = (1.0 - $level) / 2.0 * 100.0;

        return new ConfidenceInterval($sample->percentile($tail), $sample->percentile(100.0 - $tail), $level);
    }

    /**
     * Median of count($sorted) draws with replacement. Because the values are sorted, tallying how often
     * each index was drawn and walking the tallies finds the middle ranks without sorting the draw.
     *
     * @param list<float> $sorted ascending, not empty
     */
    private static function resampledMedian(array $sorted, Randomizer $randomizer): float
    {
        $count = \count($sorted);
        $tallies = array_fill(0, $count, 0);
        for ($i = 0; $i < $count; ++$i) {
            ++$tallies[$randomizer->getInt(0, $count - 1)];
        }

        $lowRank = intdiv($count - 1, 2);
        $highRank = intdiv($count, 2);
        $low = $sorted[0];
        $seen = 0;
        foreach ($tallies as $index => $tally) {
            $before = $seen;
            $seen += $tally;
            if ($before <= $lowRank && $seen > $lowRank) {
                $low = $sorted[$index];
            }
            if ($seen > $highRank) {
                // The low rank is never above the high one, so $low was set in this pass or an earlier one.
                return ($low + $sorted[$index]) / 2;
            }
        }

        throw new \LogicException('Unreachable: the tallies add up to the sample size.');
    }
}
