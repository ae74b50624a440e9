<?php

declare(strict_types=1);

namespace Preheat\Server;

/**
 * What OPcache says from inside a running server's worker: the PHP version, the user the worker runs as,
 * what was preloaded and the OPcache settings in effect. Read from the status script (status.php) the
 * runtime serves at STATUS_PATH; this class is the only reader of its answer.
 */
final class OpcacheStatus
{
    public const STATUS_PATH = '/__preheat/status';

    /** @param array<string, string|false> $ini the OPcache settings (and memory_limit) as ini_get() gives them, by short name */
    public function __construct(
        public readonly string $php,
        public readonly ?string $user,
        public readonly bool $enabled,
        public readonly int $preloadMemoryBytes,
        public readonly int $preloadedScripts,
        public readonly int $preloadedClasses,
        public readonly int $preloadedFunctions,
        public readonly int $usedBytes,
        public readonly int $cachedScripts,
        public readonly array $ini = [],
    ) {
    }

    /** The status script's JSON answer; null when it is not one (no answer, an error page). */
    public static function fromJson(string $json): ?self
    {
        $data = json_decode($json, true);
        if (!\is_array($data) || !isset($data['php'])) {
            return null;
        }
        $preload = \is_array($data['preload'] ?? null) ? $data['preload'] : [];
        $ini = [];
        foreach (\is_array($data['ini'] ?? null) ? $data['ini'] : [] as $name => $value) {
            $ini[(string) $name] = false === $value ? false : (string) $value;
        }

        return new self(
            (string) $data['php'],
            isset($data['user']) ? (string) $data['user'] : null,
            true === ($data['opcache'] ?? false),
            (int) ($preload['memoryBytes'] ?? 0),
            (int) ($preload['scripts'] ?? 0),
            (int) ($preload['classes'] ?? 0),
            (int) ($preload['functions'] ?? 0),
            (int) ($data['opcacheUsedBytes'] ?? 0),
            (int) ($data['cachedScripts'] ?? 0),
            $ini,
        );
    }

    /** The status script, to be served at STATUS_PATH by a runtime. */
    public static function script(): string
    {
        return (string) file_get_contents(__DIR__.'/status.php.template');
    }

    /** An ini setting as the worker has it ("" when unset or unknown). */
    public function ini(string $name): string
    {
        return (string) ($this->ini[$name] ?? '');
    }
}
