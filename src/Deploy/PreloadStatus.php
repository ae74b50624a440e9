<?php

declare(strict_types=1);

namespace Preheat\Deploy;

use Preheat\Php\OpcacheStatus;

/**
 * Whether a running php-fpm serves what is on disk now: the manifest it preloaded at start against the
 * script's, and the script's against the files it names. Fresh, or stale with the reasons and what to do.
 */
final class PreloadStatus
{
    public const RESTART = 'restart php-fpm (a full restart: a reload or opcache_reset() keeps the preloaded code)';
    public const REGENERATE = 'run `preheat generate`, then restart php-fpm';
    /** sprintf() pattern: the script php-fpm should preload. */
    public const POINT_AT = 'set opcache.preload=%s in the php.ini php-fpm reads (or check the script named), then '
        .'restart php-fpm';

    /**
     * @param list<string>       $problems what is stale, in words
     * @param list<StaleReason>  $reasons  the same as a closed set, for monitoring
     * @param OpcacheStatus|null $opcache  what the server's OPcache said (memory, restarts), for monitoring
     */
    public function __construct(
        public readonly string $server,
        public readonly string $script,
        public readonly string $php,
        public readonly ?string $preloadedScript,
        public readonly ScriptVersions $versions,
        public readonly int $preloadedClasses,
        public readonly array $problems,
        public readonly ?string $action,
        public readonly array $reasons = [],
        public readonly ?OpcacheStatus $opcache = null,
    ) {
    }

    public function fresh(): bool
    {
        return [] === $this->problems;
    }

    public function exitCode(): int
    {
        return $this->fresh() ? 0 : 1;
    }
}
