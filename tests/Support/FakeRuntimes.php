<?php

declare(strict_types=1);

namespace Preheat\Tests\Support;

use Preheat\Php\PhpInstallation;
use Preheat\Php\PhpSettings;
use Preheat\Server\RuntimeError;
use Preheat\Server\RuntimeFactory;

/** Starts FakeRuntimes, each on a port of its own, and keeps them for the test to look at. */
final class FakeRuntimes implements RuntimeFactory
{
    /** @var array<string, FakeRuntime> by scenario name */
    public array $started = [];

    /** @param list<string> $failing scenarios whose runtime does not start */
    public function __construct(private readonly array $failing = [])
    {
    }

    public function start(string $name, string $directory, ?string $preloadScript, array $extraIni = []): FakeRuntime
    {
        if (\in_array($name, $this->failing, true)) {
            throw RuntimeError::didNotStart('php-fpm for scenario '.$name, 'php-fpm --nodaemonize', 'ERROR: failed to preload');
        }

        return $this->started[$name] = new FakeRuntime($name, 20000 + \count($this->started), $preloadScript);
    }

    public function php(): PhpInstallation
    {
        return new PhpInstallation('php', 'php-fpm', new PhpSettings('/etc/php/fpm/php.ini', 'php-fpm -i'), 'www-data', 'the pool');
    }

    /** @return list<string> scenarios whose runtime is still running */
    public function notStopped(): array
    {
        return array_keys(array_filter($this->started, static fn (FakeRuntime $r): bool => !$r->stopped));
    }
}
