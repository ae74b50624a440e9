<?php

declare(strict_types=1);

namespace Preheat\Server\Serve;

use Preheat\Server\ApacheModPhp\ApacheModPhpKind;
use Preheat\Server\NginxFpm\NginxFpmKind;
use Preheat\Server\RuntimeContext;
use Preheat\Server\RuntimeKind;
use Preheat\Server\RuntimeKinds;
use Preheat\Server\Worker\WorkerKind;
use Preheat\Util\NamedRegistry;

/**
 * Every runtime kind of a run, by name: preheat.json's loader, the help text, the bench's report and the ladder's
 * ceiling all ask here. The console builds it once (standard() lists the kinds Preheat ships) and with() adds one.
 */
final class RuntimeRegistry
{
    /** @param NamedRegistry<RuntimeKind> $kinds the default first */
    private function __construct(private readonly NamedRegistry $kinds)
    {
    }

    public static function standard(): self
    {
        /** @var NamedRegistry<RuntimeKind> $kinds */
        $kinds = new NamedRegistry('runtime kind');

        return (new self($kinds))
            ->with(new NginxFpmKind())
            ->with(new ApacheModPhpKind())
            ->with(new WorkerKind());
    }

    public function with(RuntimeKind $kind): self
    {
        return new self($this->kinds->with($kind));
    }

    public function get(string $name): ?RuntimeKind
    {
        return $this->kinds->get($name);
    }

    /** The kind a run uses when none is configured. */
    public function default(): RuntimeKind
    {
        return $this->kinds->default();
    }

    /** @return list<string> */
    public function names(): array
    {
        return $this->kinds->names();
    }

    /** @return list<RuntimeKind> */
    public function all(): array
    {
        return $this->kinds->all();
    }

    /** @return array<string, string> every binary a kind declares, key => default */
    public function binaries(): array
    {
        $binaries = [];
        foreach ($this->kinds->all() as $kind) {
            $binaries += $kind->binaries();
        }

        return $binaries;
    }

    /** For help texts: "fpm (nginx + php-fpm), mod_php (...) or worker (...)". */
    public function describe(): string
    {
        return $this->kinds->describe(
            static fn (RuntimeKind $kind): string => \sprintf('%s (%s)', $kind->name(), $kind->describe()),
        );
    }

    /** Every kind started with the same settings: the bench's runtime serves, the ladder's ceiling asks by name. */
    public function factories(RuntimeContext $context): RuntimeKinds
    {
        $factories = [];
        foreach ($this->kinds->all() as $kind) {
            $factories[$kind->name()] = $kind->factory($context);
        }

        return new RuntimeKinds($factories);
    }
}
