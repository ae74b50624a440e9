<?php

declare(strict_types=1);

namespace Preheat\Bench\Load\Tool;

use Preheat\Bench\Load\LoadTool;

/**
 * Every load tool this version knows, by name, the default first. Adding a tool: one class and one line
 * in standard().
 */
final class LoadTools
{
    /** @param array<string, LoadTool> $tools name => tool */
    private function __construct(private readonly array $tools)
    {
    }

    public static function standard(): self
    {
        return (new self([]))
            ->with(new WrkTool())
            ->with(new AbTool())
            ->with(new CgiTool())
            ->with(new CallgrindTool());
    }

    public function with(LoadTool $tool): self
    {
        return new self($this->tools + [$tool->name() => $tool]);
    }

    public function get(string $name): ?LoadTool
    {
        return $this->tools[$name] ?? null;
    }

    /** The tool a run uses when none is configured; it also records the traffic for hot (through the web server). */
    public function default(): LoadTool
    {
        foreach ($this->tools as $tool) {
            return $tool;
        }

        throw new \LogicException('No load tool is registered.');
    }

    /** @return list<string> */
    public function names(): array
    {
        return array_keys($this->tools);
    }

    /** @return array<string, string> every binary a tool declares, key => default */
    public function binaries(): array
    {
        $binaries = [];
        foreach ($this->tools as $tool) {
            $binaries += $tool->binaries();
        }

        return $binaries;
    }

    /** For help texts: "wrk, ab, cgi (php-cgi -T, no web server) or ...". */
    public function describe(): string
    {
        $parts = array_map(
            static fn (LoadTool $tool): string => '' === $tool->help() ? $tool->name() : \sprintf(
                '%s (%s)',
                $tool->name(),
                $tool->help(),
            ),
            array_values($this->tools),
        );
        $last = array_pop($parts);

        return [] === $parts ? (string) $last : implode(', ', $parts).' or '.$last;
    }
}
