<?php

declare(strict_types=1);

namespace Preheat\Report\OpenMetrics;

/**
 * The metric families of one report, in the order added, for a text format to write whole
 * (OpenMetricsRenderer, PrometheusTextRenderer). No two families share a name or a sample name (a counter
 * `x`, whose samples are `x_total`, and a gauge `x_total` would): a reader would merge or refuse them.
 */
final class Exposition
{
    /** @var array<string, MetricFamily> by sample name */
    private array $families = [];

    /**
     * Adds a family (see MetricFamily).
     *
     * @param list<array{labels: array<string, string>, value: int|float}> $samples
     */
    public function add(MetricType $type, string $name, string $unit, string $help, array $samples): self
    {
        $family = new MetricFamily($type, $name, $unit, $help, $samples);
        foreach ($this->families as $sampleName => $other) {
            if (\in_array($sampleName, [$family->name, $family->sampleName()], true)
                || \in_array($other->name, [$family->name, $family->sampleName()], true)) {
                throw new \LogicException(\sprintf('Repeated metric family name "%s".', $name));
            }
        }
        $this->families[$family->sampleName()] = $family;

        return $this;
    }

    /**
     * The samples of a family of one sample.
     *
     * @param array<string, string> $labels
     *
     * @return list<array{labels: array<string, string>, value: int|float}>
     */
    public static function sample(array $labels, int|float $value): array
    {
        return [['labels' => $labels, 'value' => $value]];
    }

    /** @return list<MetricFamily> in the order added */
    public function families(): array
    {
        return array_values($this->families);
    }
}
