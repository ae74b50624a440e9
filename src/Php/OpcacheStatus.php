<?php

declare(strict_types=1);

namespace Preheat\Php;

/**
 * What OPcache says from inside PHP: the PHP version, the user PHP runs as, what was preloaded, memory
 * and interned strings used, and the OPcache settings in effect. One probe (opcache-status.php.template)
 * gathers it, in a PHP booted with a preload script (verify) and in a server's worker (the bench); this
 * class is the only reader of its answer.
 */
final class OpcacheStatus
{
    private const MARKER = '@@PREHEAT-OPCACHE@@';

    /**
     * @param list<string>                                             $preloadedScripts  the files OPcache preloaded
     * @param array<string, string|false>                              $ini               the OPcache settings (and
     *                                                                                    memory_limit) as ini_get()
     *                                                                                    gives them, by short name
     * @param int|null                                                 $internedUsedBytes null when OPcache does not
     *                                                                                    report interned strings
     * @param array{class: string, plan: string, sources: string}|null $manifest          what the preloaded Preheat
     *                                                                                    script says it preloads
     * @param array{oom: int, hash: int, manual: int}|null             $restarts          OPcache's restarts since it
     *                                                                                    started, by cause; null when
     *                                                                                    OPcache is off
     * @param int                                                      $startTime         when OPcache started (Unix
     *                                                                                    time; 0 when unknown): when
     *                                                                                    php-fpm preloaded
     * @param int                                                      $lastRestartTime   its last restart (Unix time;
     *                                                                                    0 for none)
     */
    public function __construct(
        public readonly string $php,
        public readonly ?string $user,
        public readonly bool $enabled,
        public readonly int $preloadMemoryBytes,
        public readonly array $preloadedScripts,
        public readonly int $preloadedClasses,
        public readonly int $preloadedFunctions,
        public readonly int $usedBytes,
        public readonly int $cachedScripts,
        public readonly array $ini = [],
        public readonly ?int $internedUsedBytes = null,
        public readonly int $internedBufferBytes = 0,
        public readonly int $maxCachedKeys = 0,
        public readonly ?array $manifest = null,
        public readonly int $freeBytes = 0,
        public readonly int $wastedBytes = 0,
        public readonly ?array $restarts = null,
        public readonly int $startTime = 0,
        public readonly int $lastRestartTime = 0,
    ) {
    }

    /** The probe: a PHP file that prints the status for read(), run as a CLI script or served by a web server. */
    public static function probeCode(): string
    {
        return strtr((string) file_get_contents(__DIR__.'/opcache-status.php.template'), [
            '{{emit}}' => Probe::emit('$preheatStatus', self::MARKER),
        ]);
    }

    /** The status from what the probe printed (among other output); null when it printed none. */
    public static function read(string $output): ?self
    {
        $data = Probe::decode($output, self::MARKER);
        if (!\is_array($data) || !isset($data['php'])) {
            return null;
        }
        $preload = \is_array($data['preload'] ?? null) ? $data['preload'] : [];
        $interned = \is_array($data['interned'] ?? null) ? $data['interned'] : null;
        $ini = [];
        foreach (\is_array($data['ini'] ?? null) ? $data['ini'] : [] as $name => $value) {
            $ini[(string) $name] = false === $value ? false : (string) $value;
        }

        return new self(
            (string) $data['php'],
            isset($data['user']) ? (string) $data['user'] : null,
            true === ($data['opcache'] ?? false),
            (int) ($preload['memoryBytes'] ?? 0),
            array_values(array_map('strval', \is_array($preload['scripts'] ?? null) ? $preload['scripts'] : [])),
            (int) ($preload['classes'] ?? 0),
            (int) ($preload['functions'] ?? 0),
            (int) ($data['usedBytes'] ?? 0),
            (int) ($data['cachedScripts'] ?? 0),
            $ini,
            null === $interned ? null : (int) ($interned['used'] ?? 0),
            (int) ($interned['buffer'] ?? 0),
            (int) ($data['maxCachedKeys'] ?? 0),
            self::manifest($data['manifest'] ?? null),
            (int) ($data['freeBytes'] ?? 0),
            (int) ($data['wastedBytes'] ?? 0),
            self::restarts($data['restarts'] ?? null),
            (int) ($data['startTime'] ?? 0),
            (int) ($data['lastRestartTime'] ?? 0),
        );
    }

    /** @return array{oom: int, hash: int, manual: int}|null */
    private static function restarts(mixed $data): ?array
    {
        if (!\is_array($data)) {
            return null;
        }

        return [
            'oom' => (int) ($data['oom'] ?? 0),
            'hash' => (int) ($data['hash'] ?? 0),
            'manual' => (int) ($data['manual'] ?? 0),
        ];
    }

    /** OPcache's shared memory in all (used, free and wasted): opcache.memory_consumption as PHP sized it. */
    public function memorySizeBytes(): int
    {
        return $this->usedBytes + $this->freeBytes + $this->wastedBytes;
    }

    /** @return array{class: string, plan: string, sources: string}|null */
    private static function manifest(mixed $data): ?array
    {
        if (!\is_array($data) || !\is_string($data['class'] ?? null) || !\is_string($data['plan'] ?? null)
            || !\is_string($data['sources'] ?? null)) {
            return null;
        }

        return ['class' => $data['class'], 'plan' => $data['plan'], 'sources' => $data['sources']];
    }

    /** What the probe prints for this status: for fakes that stand in for PHP in tests. */
    public function printed(): string
    {
        $data = [
            'php' => $this->php,
            'user' => $this->user,
            'opcache' => $this->enabled,
            'preload' => [
                'memoryBytes' => $this->preloadMemoryBytes,
                'scripts' => $this->preloadedScripts,
                'classes' => $this->preloadedClasses,
                'functions' => $this->preloadedFunctions,
            ],
            'usedBytes' => $this->usedBytes,
            'cachedScripts' => $this->cachedScripts,
            'maxCachedKeys' => $this->maxCachedKeys,
            'manifest' => $this->manifest,
            'interned' => null === $this->internedUsedBytes
                ? null
                : ['used' => $this->internedUsedBytes, 'buffer' => $this->internedBufferBytes],
            'ini' => $this->ini,
            'freeBytes' => $this->freeBytes,
            'wastedBytes' => $this->wastedBytes,
            'restarts' => $this->restarts,
            'startTime' => $this->startTime,
            'lastRestartTime' => $this->lastRestartTime,
        ];

        return self::MARKER.base64_encode(serialize($data)).self::MARKER;
    }

    /** An ini setting as PHP has it ("" when unset or unknown). */
    public function ini(string $name): string
    {
        return (string) ($this->ini[$name] ?? '');
    }

    /** opcache.memory_consumption in bytes. */
    public function memoryConsumptionBytes(): int
    {
        return (int) $this->ini('memory_consumption') * 1048576;
    }
}
