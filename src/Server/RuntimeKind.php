<?php

declare(strict_types=1);

namespace Preheat\Server;

use Preheat\Util\Named;

/**
 * One kind of runtime a bench (or a trace) can serve the app with: its name for `--runtime` and
 * bench.runtime, the binaries it starts (keys under bench.binaries, with their defaults), how many
 * workers it runs by default, and how to start it. A new kind is a class implementing this, added to
 * the registry the console builds (RuntimeRegistry::standard() lists the shipped ones).
 */
interface RuntimeKind extends Named
{
    /** What serves the app, for `--runtime`'s help, e.g. "nginx + php-fpm". */
    public function describe(): string;

    /** @return array<string, string> bench.binaries key => default binary */
    public function binaries(): array;

    /** Workers when none are configured. */
    public function defaultWorkers(): int;

    /** The report's line for its workers, e.g. "4 (pm = static)". */
    public function workersLine(int $workers): string;

    /**
     * Whether the app stays booted between requests (persistent workers): a load tool that runs php-cgi
     * itself cannot measure that.
     */
    public function keepsTheAppBooted(): bool;

    public function factory(RuntimeContext $context): RuntimeFactory;
}
