<?php

declare(strict_types=1);

namespace Preheat\Bench\Load\Tool;

use Preheat\Bench\Load\LoadTool;
use Preheat\Config\IntegerSetting;
use Preheat\Util\NamedRegistry;

/**
 * Every load tool of a run, by name, the default first. The console builds it once (standard() lists the tools
 * Preheat ships) and with() adds one.
 */
final class LoadTools
{
    /** @param NamedRegistry<LoadTool> $tools */
    private function __construct(private readonly NamedRegistry $tools)
    {
    }

    public static function standard(): self
    {
        /** @var NamedRegistry<LoadTool> $tools */
        $tools = new NamedRegistry('load tool');

        return (new self($tools))
            ->with(new WrkTool())
            ->with(new AbTool())
            ->with(new CgiTool())
            ->with(new CallgrindTool());
    }

    public function with(LoadTool $tool): self
    {
        return new self($this->tools->with($tool));
    }

    public function get(string $name): ?LoadTool
    {
        return $this->tools->get($name);
    }

    /** The tool a run uses when none is configured; it also records the traffic for hot (through the web server). */
    public function default(): LoadTool
    {
        return $this->tools->default();
    }

    /** @return list<string> */
    public function names(): array
    {
        return $this->tools->names();
    }

    /** @return list<LoadTool> */
    public function all(): array
    {
        return $this->tools->all();
    }

    /** @return list<string> the tools whose scenarios are loaded together by default (LoadTool::loadsTogether()) */
    public function namesLoadingTogether(): array
    {
        $names = [];
        foreach ($this->tools->all() as $tool) {
            if ($tool->loadsTogether()) {
                $names[] = $tool->name();
            }
        }

        return $names;
    }

    /** @return array<string, string> every binary a tool declares, key => default */
    public function binaries(): array
    {
        $binaries = [];
        foreach ($this->tools->all() as $tool) {
            $binaries += $tool->binaries();
        }

        return $binaries;
    }

    /**
     * The settings the tools declare for themselves, each once: preheat.json's keys and bench's options for them.
     *
     * @return list<IntegerSetting>
     */
    public function settings(): array
    {
        $settings = [];
        foreach ($this->tools->all() as $tool) {
            foreach ($tool->settings() as $setting) {
                $settings[$setting->key] ??= $setting;
            }
        }

        return array_values($settings);
    }

    /** For help texts: "wrk, ab, cgi (php-cgi -T, no web server) or ...". */
    public function describe(): string
    {
        return $this->tools->describe(static fn (LoadTool $tool): string => '' === $tool->help()
            ? $tool->name()
            : \sprintf('%s (%s)', $tool->name(), $tool->help()));
    }
}
