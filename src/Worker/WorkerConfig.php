<?php

declare(strict_types=1);

namespace Preheat\Worker;

/**
 * What the worker program runs with, read from the JSON file its launcher wrote (see Server\Worker).
 */
final class WorkerConfig
{
    /** @param array<string, string> $autoload namespace prefix => directory, for the worker's own libraries */
    public function __construct(
        public readonly string $host,
        public readonly int $port,
        public readonly int $workers,
        public readonly ServedApp $app,
        public readonly WorkerLimits $limits,
        public readonly StatusEndpoints $status,
        public readonly ?string $user,
        public readonly string $log,
        public readonly array $autoload = [],
        public readonly SiteAddress $site = new SiteAddress(),
    ) {
    }

    public static function fromFile(string $file): self
    {
        $data = json_decode((string) file_get_contents($file), true, 8, \JSON_THROW_ON_ERROR);
        if (!\is_array($data)) {
            throw new \InvalidArgumentException($file.' is not a worker configuration');
        }

        return self::fromArray($data);
    }

    /** @param array<mixed> $data */
    public static function fromArray(array $data): self
    {
        $string = static fn (string $key): string => \is_string($data[$key] ?? null)
            ? $data[$key]
            : throw new \InvalidArgumentException('worker configuration: '.$key.' must be a string');
        $optional = static fn (string $key): ?string => \is_string($data[$key] ?? null) ? $data[$key] : null;
        $int = static fn (string $key): int => \is_int($data[$key] ?? null)
            ? $data[$key]
            : throw new \InvalidArgumentException('worker configuration: '.$key.' must be an integer');
        $autoload = [];
        foreach (\is_array($data['autoload'] ?? null) ? $data['autoload'] : [] as $prefix => $directory) {
            $autoload[(string) $prefix] = (string) $directory;
        }

        return new self(
            host: $string('host'),
            port: $int('port'),
            workers: $int('workers'),
            app: new ServedApp(
                documentRoot: $string('documentRoot'),
                frontController: $string('frontController'),
                adapter: WorkerAdapter::tryFrom($string('adapter')) ?? throw new \InvalidArgumentException(\sprintf(
                    'worker configuration: adapter is "%s" (one of %s)',
                    $string('adapter'),
                    WorkerAdapter::names(),
                )),
                entry: $optional('entry'),
            ),
            limits: new WorkerLimits(
                maxRequests: $int('maxRequests'),
                maxBodyBytes: $int('maxBodyBytes'),
                idleTimeout: (float) ($data['idleTimeout'] ?? 30.0),
            ),
            status: new StatusEndpoints(
                statusPath: $optional('statusPath'),
                statusScript: $optional('statusScript'),
                countPath: $optional('countPath'),
            ),
            user: $optional('user'),
            log: $string('log'),
            autoload: $autoload,
            site: new SiteAddress(
                host: $optional('siteHost'),
                port: \is_int($data['sitePort'] ?? null) ? $data['sitePort'] : 80,
            ),
        );
    }

    /** @return array<string, mixed> the flat keys fromArray() reads */
    public function toArray(): array
    {
        return [
            'documentRoot' => $this->app->documentRoot,
            'frontController' => $this->app->frontController,
            'host' => $this->host,
            'port' => $this->port,
            'workers' => $this->workers,
            'adapter' => $this->app->adapter->value,
            'entry' => $this->app->entry,
            'maxRequests' => $this->limits->maxRequests,
            'maxBodyBytes' => $this->limits->maxBodyBytes,
            'statusPath' => $this->status->statusPath,
            'statusScript' => $this->status->statusScript,
            'user' => $this->user,
            'log' => $this->log,
            'idleTimeout' => $this->limits->idleTimeout,
            'autoload' => $this->autoload,
            'countPath' => $this->status->countPath,
            'siteHost' => $this->site->host,
            'sitePort' => $this->site->port,
        ];
    }
}
