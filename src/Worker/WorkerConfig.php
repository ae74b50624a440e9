<?php

declare(strict_types=1);

namespace Preheat\Worker;

/**
 * What the worker program runs with, read from the JSON file its launcher wrote (see Server\Worker).
 */
final class WorkerConfig
{
    /**
     * @param array<string, string> $autoload namespace prefix => directory, for the worker's own libraries
     * @param string|null           $siteHost the Host (and SERVER_NAME) the app sees on every request, with
     *                                        sitePort as SERVER_PORT; null: what the client sent and the port
     *                                        it connected to
     */
    public function __construct(
        public readonly string $documentRoot,
        public readonly string $frontController,
        public readonly string $host,
        public readonly int $port,
        public readonly int $workers,
        public readonly WorkerAdapter $adapter,
        public readonly ?string $entry,
        public readonly int $maxRequests,
        public readonly int $maxBodyBytes,
        public readonly ?string $statusPath,
        public readonly ?string $statusScript,
        public readonly ?string $user,
        public readonly string $log,
        public readonly float $idleTimeout = 30.0,
        public readonly array $autoload = [],
        public readonly ?string $countPath = null,
        public readonly ?string $siteHost = null,
        public readonly int $sitePort = 80,
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
            $string('documentRoot'),
            $string('frontController'),
            $string('host'),
            $int('port'),
            $int('workers'),
            WorkerAdapter::tryFrom($string('adapter')) ?? throw new \InvalidArgumentException(\sprintf(
                'worker configuration: adapter is "%s" (one of %s)',
                $string('adapter'),
                WorkerAdapter::names(),
            )),
            $optional('entry'),
            $int('maxRequests'),
            $int('maxBodyBytes'),
            $optional('statusPath'),
            $optional('statusScript'),
            $optional('user'),
            $string('log'),
            (float) ($data['idleTimeout'] ?? 30.0),
            $autoload,
            $optional('countPath'),
            $optional('siteHost'),
            \is_int($data['sitePort'] ?? null) ? $data['sitePort'] : 80,
        );
    }

    /** @return array<string, mixed> */
    public function toArray(): array
    {
        return ['adapter' => $this->adapter->value] + get_object_vars($this);
    }
}
