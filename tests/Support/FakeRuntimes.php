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
    /** @var array<string, FakeRuntime> by scenario name: the last one started */
    public array $started = [];

    /** @var list<FakeRuntime> every one started, restarted ones too, in order */
    public array $all = [];

    /** @var array<string, int> the port each scenario got first: a restarted one gets it again, so tests can tell scenarios by port */
    private array $ports = [];

    /** @param list<string> $failing scenarios whose runtime does not start */
    public function __construct(private readonly array $failing = [])
    {
    }

    public function start(string $name, string $directory, ?string $preloadScript, array $extraIni = []): FakeRuntime
    {
        if (\in_array($name, $this->failing, true)) {
            throw RuntimeError::didNotStart('php-fpm for scenario '.$name, 'php-fpm --nodaemonize', 'ERROR: failed to preload');
        }

        $this->ports[$name] ??= 20000 + \count($this->ports);

        return $this->all[] = $this->started[$name] = new FakeRuntime($name, $this->ports[$name], $preloadScript);
    }

    public function php(): PhpInstallation
    {
        return new PhpInstallation('php', 'php-fpm', new PhpSettings('/etc/php/fpm/php.ini', 'php-fpm -i'), 'www-data', 'the pool');
    }

    /** @return list<string> scenarios with a runtime still running (a restarted one's earlier runtimes too) */
    public function notStopped(): array
    {
        return array_values(array_unique(array_map(static fn (FakeRuntime $r): string => $r->name(), array_filter($this->all, static fn (FakeRuntime $r): bool => !$r->stopped))));
    }
}
