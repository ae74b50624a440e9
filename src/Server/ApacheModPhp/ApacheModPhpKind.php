<?php

declare(strict_types=1);

namespace Preheat\Server\ApacheModPhp;

use Preheat\Server\NginxFpm\NginxFpmKind;
use Preheat\Server\RuntimeContext;
use Preheat\Server\RuntimeFactory;
use Preheat\Server\RuntimeKind;

/** Apache (prefork) with mod_php. */
final class ApacheModPhpKind implements RuntimeKind
{
    public function name(): string
    {
        return 'mod_php';
    }

    public function describe(): string
    {
        return 'Apache prefork + mod_php';
    }

    public function binaries(): array
    {
        return ['apache' => 'apache2'];
    }

    public function defaultWorkers(): int
    {
        // Like php-fpm's children, a prefork child waits on I/O now and then.
        return NginxFpmKind::DEFAULT_WORKERS;
    }

    public function workersLine(int $workers): string
    {
        return $workers.' (Apache prefork + mod_php)';
    }

    public function keepsTheAppBooted(): bool
    {
        return false;
    }

    public function factory(RuntimeContext $context): RuntimeFactory
    {
        return new ApacheModPhpLauncher($context->supervisor, $context->stack, $context->binaries->get('apache'));
    }
}
