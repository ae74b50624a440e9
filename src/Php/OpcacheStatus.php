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
     * The largest number an answer may hold: integers above it lose digits as the float64 of a metric, and
     * sums of three of them (OPcache's memory in all) stay within PHP's int.
     */
    public const MAX_NUMBER = 2 ** 53;

    /**
     * @param array<string, string|false>                              $ini      the OPcache settings (and memory_limit)
     *                                                                           as ini_get() gives them, by short name
     * @param array{class: string, plan: string, sources: string}|null $manifest what the preloaded Preheat script
     *                                                                           says it preloads
     */
    public function __construct(
        public readonly string $php,
        public readonly ?string $user,
        public readonly bool $enabled,
        public readonly OpcachePreload $preload,
        public readonly OpcacheMemory $memory,
        public readonly CachedScripts $scripts,
        public readonly array $ini = [],
        public readonly InternedStrings $interned = new InternedStrings(),
        public readonly ?array $manifest = null,
        public readonly OpcacheLifetime $lifetime = new OpcacheLifetime(),
    ) {
    }

    /** The probe: a PHP file that prints the status for read(), run as a CLI script or served by a web server. */
    public static function probeCode(): string
    {
        return strtr((string) file_get_contents(__DIR__.'/opcache-status.php.template'), [
            '{{emit}}' => Probe::emit('$preheatStatus', self::MARKER),
        ]);
    }

    /**
     * The status from what the probe printed (among other output); null when it printed none, or an answer
     * the probe cannot give (see answered()).
     */
    public static function read(string $output): ?self
    {
        $data = Probe::decode($output, self::MARKER);
        if (!\is_array($data) || !isset($data['php'])) {
            return null;
        }
        try {
            return self::of($data);
        } catch (\UnexpectedValueException) {
            return null;
        }
    }

    /** Whether $output holds an answer of the probe's at all, which read() may still refuse. */
    public static function answered(string $output): bool
    {
        return null !== Probe::decode($output, self::MARKER);
    }

    /**
     * The status from the probe's answer, each value of the type the probe prints: strings without a NUL (PHP's
     * versions, paths and ini values hold none), integers from 0 to MAX_NUMBER. Anything else (an object, which
     * unserialize() makes __PHP_Incomplete_Class, an array for a string, a float, a larger number) is not an
     * answer of the probe's, whoever sent it, and would end a report in a crash or a wrong sum.
     *
     * @param array<mixed> $data
     *
     * @throws \UnexpectedValueException for a value the probe does not print
     */
    private static function of(array $data): self
    {
        $preload = self::section($data['preload'] ?? null) ?? [];
        $interned = self::section($data['interned'] ?? null);
        $ini = [];
        foreach (self::section($data['ini'] ?? null) ?? [] as $name => $value) {
            $ini[self::text($name)] = false === $value ? false : self::text($value);
        }

        return new self(
            php: self::text($data['php']),
            user: null === ($data['user'] ?? null) ? null : self::text($data['user']),
            enabled: true === ($data['opcache'] ?? false),
            preload: new OpcachePreload(
                memoryBytes: self::number($preload['memoryBytes'] ?? 0),
                scripts: array_values(array_map(self::text(...), self::section($preload['scripts'] ?? null) ?? [])),
                classes: self::number($preload['classes'] ?? 0),
                functions: self::number($preload['functions'] ?? 0),
            ),
            memory: new OpcacheMemory(
                usedBytes: self::number($data['usedBytes'] ?? 0),
                freeBytes: self::number($data['freeBytes'] ?? 0),
                wastedBytes: self::number($data['wastedBytes'] ?? 0),
            ),
            scripts: new CachedScripts(
                count: self::number($data['cachedScripts'] ?? 0),
                maxKeys: self::number($data['maxCachedKeys'] ?? 0),
            ),
            ini: $ini,
            interned: new InternedStrings(
                usedBytes: null === $interned ? null : self::number($interned['used'] ?? 0),
                bufferBytes: self::number($interned['buffer'] ?? 0),
            ),
            manifest: self::manifest($data['manifest'] ?? null),
            lifetime: new OpcacheLifetime(
                startTime: self::number($data['startTime'] ?? 0),
                lastRestartTime: self::number($data['lastRestartTime'] ?? 0),
                restarts: self::restarts($data['restarts'] ?? null),
            ),
        );
    }

    /**
     * @return array<mixed>|null null for null
     *
     * @throws \UnexpectedValueException
     */
    private static function section(mixed $value): ?array
    {
        return null === $value || \is_array($value) ? $value : throw new \UnexpectedValueException('not an array');
    }

    /** @throws \UnexpectedValueException */
    private static function text(mixed $value): string
    {
        return \is_string($value) && !str_contains($value, "\0")
            ? $value
            : throw new \UnexpectedValueException('not a string without NUL');
    }

    /** @throws \UnexpectedValueException */
    private static function number(mixed $value): int
    {
        return \is_int($value) && $value >= 0 && $value <= self::MAX_NUMBER
            ? $value
            : throw new \UnexpectedValueException('not a number from 0 to 2^53');
    }

    /**
     * @return array{oom: int, hash: int, manual: int}|null
     *
     * @throws \UnexpectedValueException
     */
    private static function restarts(mixed $data): ?array
    {
        if (!\is_array($data)) {
            return null;
        }

        return [
            'oom' => self::number($data['oom'] ?? 0),
            'hash' => self::number($data['hash'] ?? 0),
            'manual' => self::number($data['manual'] ?? 0),
        ];
    }

    /** OPcache's shared memory in all (used, free and wasted): opcache.memory_consumption as PHP sized it. */
    public function memorySizeBytes(): int
    {
        return $this->memory->sizeBytes();
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
                'memoryBytes' => $this->preload->memoryBytes,
                'scripts' => $this->preload->scripts,
                'classes' => $this->preload->classes,
                'functions' => $this->preload->functions,
            ],
            'usedBytes' => $this->memory->usedBytes,
            'cachedScripts' => $this->scripts->count,
            'maxCachedKeys' => $this->scripts->maxKeys,
            'manifest' => $this->manifest,
            'interned' => null === $this->interned->usedBytes
                ? null
                : ['used' => $this->interned->usedBytes, 'buffer' => $this->interned->bufferBytes],
            'ini' => $this->ini,
            'freeBytes' => $this->memory->freeBytes,
            'wastedBytes' => $this->memory->wastedBytes,
            'restarts' => $this->lifetime->restarts,
            'startTime' => $this->lifetime->startTime,
            'lastRestartTime' => $this->lifetime->lastRestartTime,
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
        // Bounded, so that a number of megabytes no PHP accepts cannot overflow into a float.
        return min((int) $this->ini('memory_consumption'), intdiv(\PHP_INT_MAX, 1048576)) * 1048576;
    }
}
