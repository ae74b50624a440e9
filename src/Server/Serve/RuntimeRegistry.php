<?php

declare(strict_types=1);

namespace Preheat\Server\Serve;

use Preheat\Server\ApacheModPhp\ApacheModPhpKind;
use Preheat\Server\NginxFpm\NginxFpmKind;
use Preheat\Server\RuntimeContext;
use Preheat\Server\RuntimeFactory;
use Preheat\Server\RuntimeKind;
use Preheat\Server\RuntimeKinds;
use Preheat\Server\Worker\WorkerKind;

/**
 * Every runtime kind this version knows, by name: preheat.json's loader, the help text, the bench's
 * report and the ladder's ceiling all ask here. Adding a kind: one class and one line in standard().
 */
final class RuntimeRegistry
{
    /** @param array<string, RuntimeKind> $kinds name => kind, the default first */
    private function __construct(private readonly array $kinds)
    {
    }

    public static function standard(): self
    {
        return (new self([]))
            ->with(new NginxFpmKind())
            ->with(new ApacheModPhpKind())
            ->with(new WorkerKind());
    }

    public function with(RuntimeKind $kind): self
    {
        return new self($this->kinds + [$kind->name() => $kind]);
    }

    public function get(string $name): ?RuntimeKind
    {
        return $this->kinds[$name] ?? null;
    }

    /** The kind a run uses when none is configured. */
    public function default(): RuntimeKind
    {
        foreach ($this->kinds as $kind) {
            return $kind;
        }

        throw new \LogicException('No runtime kind is registered.');
    }

    /** @return list<string> */
    public function names(): array
    {
        return array_keys($this->kinds);
    }

    /** @return list<RuntimeKind> */
    public function all(): array
    {
        return array_values($this->kinds);
    }

    /** @return array<string, string> every binary a kind declares, key => default */
    public function binaries(): array
    {
        $binaries = [];
        foreach ($this->kinds as $kind) {
            $binaries += $kind->binaries();
        }

        return $binaries;
    }

    /** For help texts: "fpm (nginx + php-fpm), mod_php (...) or worker (...)". */
    public function describe(): string
    {
        $parts = array_map(
            static fn (RuntimeKind $kind): string => \sprintf('%s (%s)', $kind->name(), $kind->describe()),
            array_values($this->kinds),
        );
        $last = array_pop($parts);

        return [] === $parts ? (string) $last : implode(', ', $parts).' or '.$last;
    }

    /** Every kind started with the same settings: the bench's runtime serves, the ladder's ceiling asks by name. */
    public function factories(RuntimeContext $context): RuntimeKinds
    {
        return new RuntimeKinds(array_map(
            static fn (RuntimeKind $kind): RuntimeFactory => $kind->factory($context),
            $this->kinds,
        ));
    }
}
