<?php

declare(strict_types=1);

namespace Preheat\Server\NginxFpm;

use Preheat\Server\RuntimeContext;
use Preheat\Server\RuntimeFactory;
use Preheat\Server\RuntimeKind;

/** nginx in front of php-fpm (pm = static): the default runtime. */
final class NginxFpmKind implements RuntimeKind
{
    /** php-fpm gets a few workers more than one per core would give: a worker waits on I/O now and then. */
    public const DEFAULT_WORKERS = 4;

    public function name(): string
    {
        return 'fpm';
    }

    public function describe(): string
    {
        return 'nginx + php-fpm';
    }

    public function binaries(): array
    {
        return ['nginx' => 'nginx'];
    }

    public function defaultWorkers(): int
    {
        return self::DEFAULT_WORKERS;
    }

    public function workersLine(int $workers): string
    {
        return $workers.' (pm = static)';
    }

    public function keepsTheAppBooted(): bool
    {
        return false;
    }

    public function factory(RuntimeContext $context): RuntimeFactory
    {
        return new NginxFpmLauncher($context->supervisor, $context->stack);
    }
}
