<?php

declare(strict_types=1);

namespace Preheat\Report\Formats;

use Preheat\Deploy\PreloadStatus;
use Preheat\Deploy\StatusUnknown;
use Preheat\Doctor\DoctorReport;
use Preheat\Report\Bench\BenchReport;
use Preheat\Report\Bench\ConsoleRenderer;
use Preheat\Report\Bench\JsonRenderer;
use Preheat\Report\Bench\MarkdownRenderer;
use Preheat\Report\Deploy\StatusJsonRenderer;
use Preheat\Report\Deploy\StatusTextRenderer;
use Preheat\Report\Doctor\DoctorJsonRenderer;
use Preheat\Report\Doctor\DoctorTextRenderer;
use Preheat\Report\ExplainReport;
use Preheat\Report\ExplanationJsonRenderer;
use Preheat\Report\ExplanationTextRenderer;
use Preheat\Report\GenerateReport;
use Preheat\Report\GenerateTextRenderer;
use Preheat\Report\OpenMetrics\OpenMetricsRenderer;
use Preheat\Report\OpenMetrics\PrometheusTextRenderer;
use Preheat\Report\OpenMetrics\StatusMetrics;
use Preheat\Report\OpenMetrics\UsageMetrics;
use Preheat\Report\PlanJsonRenderer;
use Preheat\Report\RecorderSetupJsonRenderer;
use Preheat\Report\RecorderSetupReport;
use Preheat\Report\RecorderSetupTextRenderer;
use Preheat\Report\Renderer;
use Preheat\Report\UsageJsonRenderer;
use Preheat\Report\UsageMergeJsonRenderer;
use Preheat\Report\UsageMergeReport;
use Preheat\Report\UsageMergeTextRenderer;
use Preheat\Report\UsageReport;
use Preheat\Report\UsageTextRenderer;
use Preheat\Report\VerificationJsonRenderer;
use Preheat\Report\VerificationTextRenderer;
use Preheat\Report\VerifiedScript;
use Preheat\Util\NamedRegistry;
use Symfony\Component\Console\Output\OutputInterface;

/**
 * The report formats by report model and format name: what `--format` accepts and the renderer it picks (as
 * phpbench's renderers registered by name). A new format is one Renderer class and one line in the
 * constructor; with() adds one from outside (a plugin, a test).
 */
final class Renderers
{
    /** @var array<class-string, array<string, \Closure(): Renderer<never>>> */
    private array $factories = [];

    /** The formats Preheat ships, in the order `--help` and the error for an unknown one list them. */
    public function __construct()
    {
        $this->add(DoctorReport::class, 'text', static fn (): Renderer => new DoctorTextRenderer());
        $this->add(DoctorReport::class, 'json', static fn (): Renderer => new DoctorJsonRenderer());
        $this->add(PreloadStatus::class, 'text', static fn (): Renderer => new StatusTextRenderer());
        $this->add(PreloadStatus::class, 'json', static fn (): Renderer => new StatusJsonRenderer());
        $status = StatusMetrics::status(...);
        $this->add(PreloadStatus::class, 'openmetrics', static fn (): Renderer => new OpenMetricsRenderer($status));
        $this->add(PreloadStatus::class, 'prometheus', static fn (): Renderer => new PrometheusTextRenderer($status));
        // A status that could not be read: only monitoring reports it (see StatusCommand).
        $unknown = StatusMetrics::unknown(...);
        $this->add(StatusUnknown::class, 'openmetrics', static fn (): Renderer => new OpenMetricsRenderer($unknown));
        $this->add(StatusUnknown::class, 'prometheus', static fn (): Renderer => new PrometheusTextRenderer($unknown));
        $this->add(VerifiedScript::class, 'text', static fn (): Renderer => new VerificationTextRenderer());
        $this->add(VerifiedScript::class, 'json', static fn (): Renderer => new VerificationJsonRenderer());
        $this->add(GenerateReport::class, 'text', static fn (): Renderer => new GenerateTextRenderer());
        $this->add(GenerateReport::class, 'json', static fn (): Renderer => new PlanJsonRenderer());
        $this->add(ExplainReport::class, 'text', static fn (): Renderer => new ExplanationTextRenderer());
        $this->add(ExplainReport::class, 'json', static fn (): Renderer => new ExplanationJsonRenderer());
        $this->add(UsageReport::class, 'text', static fn (): Renderer => new UsageTextRenderer());
        $this->add(UsageReport::class, 'json', static fn (): Renderer => new UsageJsonRenderer());
        $usage = UsageMetrics::of(...);
        $this->add(UsageReport::class, 'openmetrics', static fn (): Renderer => new OpenMetricsRenderer($usage));
        $this->add(UsageReport::class, 'prometheus', static fn (): Renderer => new PrometheusTextRenderer($usage));
        $this->add(UsageMergeReport::class, 'text', static fn (): Renderer => new UsageMergeTextRenderer());
        $this->add(UsageMergeReport::class, 'json', static fn (): Renderer => new UsageMergeJsonRenderer());
        $this->add(RecorderSetupReport::class, 'text', static fn (): Renderer => new RecorderSetupTextRenderer());
        $this->add(RecorderSetupReport::class, 'json', static fn (): Renderer => new RecorderSetupJsonRenderer());
        $this->add(BenchReport::class, 'text', static fn (): Renderer => new ConsoleRenderer());
        $this->add(BenchReport::class, 'md', static fn (): Renderer => new MarkdownRenderer());
        $this->add(BenchReport::class, 'json', static fn (): Renderer => new JsonRenderer());
    }

    /**
     * These formats and $format of $report, made by $factory (replacing one of that name).
     *
     * @template T of object
     *
     * @param class-string<T>         $report
     * @param \Closure(): Renderer<T> $factory
     */
    public function with(string $report, string $format, \Closure $factory): self
    {
        $renderers = clone $this;
        $renderers->add($report, $format, $factory);

        return $renderers;
    }

    /**
     * @template T of object
     *
     * @param class-string<T>         $report
     * @param \Closure(): Renderer<T> $factory
     */
    private function add(string $report, string $format, \Closure $factory): void
    {
        $this->factories[$report][$format] = $factory;
    }

    /**
     * The format names of $report, in the order they were registered.
     *
     * @param class-string $report
     *
     * @return list<string>
     */
    public function formats(string $report): array
    {
        return array_keys($this->factories[$report] ?? []);
    }

    /**
     * Whether a command asked for $format writes its error as a JSON document on stdout (for a reader that parses
     * what it gets): the json format's, whatever the report.
     */
    public static function writesErrorsAsJson(mixed $format): bool
    {
        return 'json' === $format;
    }

    /** @return list<string> every format name of any report, each once: what no code outside this class compares */
    public function names(): array
    {
        $names = [];
        foreach ($this->factories as $formats) {
            $names = [...$names, ...array_keys($formats)];
        }

        return array_values(array_unique($names));
    }

    /**
     * The formats of $report for an option's help: "text or json", "text, md or json".
     *
     * @param class-string $report
     */
    public function choices(string $report): string
    {
        return NamedRegistry::phrase($this->formats($report));
    }

    /**
     * Writes $report in $format, one of formats() (the command checked the option against them).
     *
     * @template T of object
     *
     * @param T $report
     */
    public function write(object $report, string $format, OutputInterface $output): void
    {
        $this->renderer($report::class, $format)->write($report, $output);
    }

    /**
     * The renderer of $format for $report, one of formats(): for a file written in that format.
     *
     * @template T of object
     *
     * @param class-string<T> $report
     *
     * @return Renderer<T>
     */
    public function renderer(string $report, string $format): Renderer
    {
        $factory = $this->factories[$report][$format] ?? null;
        if (null === $factory) {
            throw new \LogicException(
                \sprintf('No %s format for %s: the command should have refused it.', $format, $report),
            );
        }
        /** @var Renderer<T> $renderer */
        $renderer = $factory();

        return $renderer;
    }
}
