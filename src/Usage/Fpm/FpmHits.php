<?php

declare(strict_types=1);

namespace Preheat\Usage\Fpm;

use Preheat\Php\Probe;
use Preheat\Plan\Strategy\StoreReading;
use Preheat\Plan\Strategy\UsageCounts;
use Preheat\Plan\Strategy\UsageSnapshot;

/**
 * What a running php-fpm's OPcache counted for each script it compiled: hits (loads served from the
 * cache) and last use, since OPcache last started. Its limits, which the commands state: the counts
 * are of scripts, not requests, and start again at every restart of php-fpm or OPcache; a preloaded
 * script is never compiled by the pool, so it has no count.
 */
final class FpmHits
{
    public const MARKER = '@@PREHEAT-OPCACHE-HITS@@';

    /** What the commands say of this evidence, wherever they use it. */
    public const LIMITS = 'counts since php-fpm (or OPcache) last started, of the scripts the pool compiled, not '
        .'of requests; preloaded scripts have none';

    /**
     * @param array<string, array{int, int}> $scripts   absolute path => [hits, last used (Unix time, 0: never)]
     * @param list<string>                   $preloaded the scripts php-fpm preloaded (opcache.preload): listed among
     *                                                  $scripts, never used, however much their classes are
     */
    public function __construct(
        public readonly string $server,
        public readonly bool $opcacheEnabled,
        public readonly int $startTime,
        public readonly int $lastRestartTime,
        public readonly array $scripts,
        public readonly int $readAt,
        public readonly array $preloaded = [],
    ) {
    }

    /** The hit counts from what the probe printed (among other output); null when it printed none. */
    public static function read(string $output, string $server, int $readAt): ?self
    {
        $data = Probe::decode($output, self::MARKER);
        if (!\is_array($data) || !\is_array($data['scripts'] ?? null)) {
            return null;
        }
        $scripts = [];
        foreach ($data['scripts'] as $path => $script) {
            if (!\is_array($script) || !str_starts_with((string) $path, '/')) {
                continue;
            }
            $scripts[(string) $path] = [max(0, (int) ($script[0] ?? 0)), max(0, (int) ($script[1] ?? 0))];
        }

        $preloaded = [];
        foreach (\is_array($data['preloaded'] ?? null) ? $data['preloaded'] : [] as $path) {
            if (\is_string($path) && str_starts_with($path, '/')) {
                $preloaded[] = $path;
            }
        }

        return new self(
            $server,
            true === ($data['opcache'] ?? false),
            (int) ($data['startTime'] ?? 0),
            (int) ($data['lastRestartTime'] ?? 0),
            $scripts,
            $readAt,
            $preloaded,
        );
    }

    /** What the probe prints for these counts: for fakes that stand in for php-fpm in tests. */
    public function printed(): string
    {
        return self::MARKER.base64_encode(serialize([
            'opcache' => $this->opcacheEnabled,
            'startTime' => $this->startTime,
            'lastRestartTime' => $this->lastRestartTime,
            'scripts' => $this->scripts,
            'preloaded' => $this->preloaded,
        ])).self::MARKER;
    }

    /** When the counts started: OPcache's last restart, else its start; null when it does not say. */
    public function countingSince(): ?int
    {
        $since = max($this->startTime, $this->lastRestartTime);

        return $since > 0 ? $since : null;
    }

    /**
     * The counts as usage, for `usage` and the hot strategy: a script's loads are its hits plus the load
     * that compiled it. OPcache counts no requests: the most loaded script (the front controller, which
     * every request runs) stands for them, so that a share is "of the busiest script's loads".
     *
     * The scripts php-fpm preloaded have no count (no request includes them, however much their classes are
     * used): they are left out, or with $keepPreloaded counted as busy as the busiest script, so that a plan
     * from the counts of a php-fpm that preloads keeps what it preloads (OPcache cannot say which of it is
     * used) and adds what the pool compiled besides.
     *
     * @param list<string> $under only the scripts under these directories (the app's), when any is given:
     *                            a pool may serve other apps too
     */
    public function snapshot(array $under = [], bool $keepPreloaded = false): UsageSnapshot
    {
        $counts = [];
        $preloaded = $this->preloadedUnder($under);
        $isPreloaded = array_flip($preloaded);
        foreach ($this->scriptsUnder($under) as $path => $hits) {
            if (!isset($isPreloaded[$path])) {
                $counts[$path] = $hits + 1;
            }
        }
        $requests = [] === $counts ? 0 : max($counts);
        if ($keepPreloaded && [] !== $preloaded) {
            $requests = max(1, $requests);
            foreach ($preloaded as $path) {
                $counts[$path] = $requests;
            }
        }

        return new UsageSnapshot(
            requests: $requests,
            fileCounts: $counts,
            from: $this->countingSince(),
            to: $this->readAt,
            servers: [$this->server],
            reading: new StoreReading(batches: [] === $counts ? 0 : 1),
            counts: UsageCounts::ScriptLoads,
        );
    }

    /**
     * The scripts php-fpm preloaded, of those under these directories (all when none is given).
     *
     * @param list<string> $under
     *
     * @return list<string>
     */
    public function preloadedUnder(array $under = []): array
    {
        $listed = $this->scriptsUnder($under);

        return array_values(array_filter($this->preloaded, static fn (string $path): bool => isset($listed[$path])));
    }

    /**
     * @param list<string> $under
     *
     * @return array<string, int> path => hits, of the scripts under these directories (all when none is given)
     */
    private function scriptsUnder(array $under): array
    {
        $prefixes = array_map(static fn (string $directory): string => rtrim($directory, '/').'/', $under);
        $scripts = [];
        foreach ($this->scripts as $path => [$hits]) {
            // Preheat's own probes (this one's and `status`'s, from earlier runs): OPcache keeps listing
            // them after they are removed, and they are not the app's.
            if (1 === preg_match('{/\.preheat-(hits|status)-[0-9a-f]{16}\.php$}', $path)) {
                continue;
            }
            if ([] !== $prefixes && [] === array_filter(
                $prefixes,
                static fn (string $prefix): bool => str_starts_with($path, $prefix),
            )) {
                continue;
            }
            $scripts[$path] = $hits;
        }

        return $scripts;
    }
}
