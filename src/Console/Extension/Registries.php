<?php

declare(strict_types=1);

namespace Preheat\Console\Extension;

use Preheat\Bench\Load\LoadTool;
use Preheat\Bench\Load\Tool\LoadTools;
use Preheat\Plan\Strategy\Strategies;
use Preheat\Plan\Strategy\StrategyKind;
use Preheat\Report\Formats\Renderers;
use Preheat\Report\Renderer;
use Preheat\Server\RuntimeKind;
use Preheat\Server\Serve\RuntimeRegistry;

/**
 * The extension points of one Application: its runtimes, load tools, strategies and report formats, built once and
 * handed to every command that names them. An extension (a plugin, a test) is added here and nowhere else: the
 * options, their help, their completion, preheat.json's keys and its schema are read from these registries.
 */
final class Registries
{
    public function __construct(
        public readonly RuntimeRegistry $runtimes,
        public readonly LoadTools $tools,
        public readonly Strategies $strategies,
        public readonly Renderers $renderers,
    ) {
    }

    /** What Preheat ships. */
    public static function standard(): self
    {
        return new self(RuntimeRegistry::standard(), LoadTools::standard(), Strategies::standard(), new Renderers());
    }

    public function withRuntime(RuntimeKind $kind): self
    {
        return new self($this->runtimes->with($kind), $this->tools, $this->strategies, $this->renderers);
    }

    public function withTool(LoadTool $tool): self
    {
        return new self($this->runtimes, $this->tools->with($tool), $this->strategies, $this->renderers);
    }

    public function withStrategy(StrategyKind $kind): self
    {
        return new self($this->runtimes, $this->tools, $this->strategies->with($kind), $this->renderers);
    }

    /**
     * $format of $report, made by $factory.
     *
     * @template T of object
     *
     * @param class-string<T>         $report
     * @param \Closure(): Renderer<T> $factory
     */
    public function withFormat(string $report, string $format, \Closure $factory): self
    {
        return new self(
            $this->runtimes,
            $this->tools,
            $this->strategies,
            $this->renderers->with($report, $format, $factory),
        );
    }
}
