<?php

declare(strict_types=1);

namespace Preheat\Doctor\Rule;

use Preheat\Doctor\Finding\Finding;
use Preheat\Doctor\Finding\Fix;
use Preheat\Doctor\Finding\Severity;
use Preheat\Doctor\Profile\AppProfile;
use Preheat\Doctor\Profile\ServerConfig;
use Preheat\Php\IniSize;

/**
 * Each pool's workers against the machine: pm.max_children workers at their memory_limit must fit in
 * RAM, and there should be at least one per core but not so many that they only wait for each other.
 */
final class WorkerRule implements Rule
{
    /** Workers per core above which a PHP app (mostly CPU between short waits) gains nothing more. */
    public const MAX_WORKERS_PER_CORE = 8;

    /** Share of RAM the workers may take at their limit; the rest is for the OS, the database, OPcache. */
    private const RAM_SHARE = 0.8;

    public function check(ServerConfig $server, AppProfile $app): array
    {
        $findings = [];
        foreach ($server->pools as $pool) {
            $children = $pool->maxChildren();
            if (null === $children) {
                continue;
            }
            $limit = $pool->phpValue('memory_limit') ?? $server->setting('memory_limit');
            $bytes = IniSize::bytes($limit);
            if (
                null !== $bytes
                    && $bytes > 0
                    && null !== $server->host->memoryBytes
                    && $children * $bytes > $server->host->memoryBytes
            ) {
                $fit = max(1, (int) floor($server->host->memoryBytes * self::RAM_SHARE / $bytes));
                $findings[] = new Finding(
                    'workers-over-ram',
                    Severity::Warning,
                    \sprintf(
                        'Pool %s: %d workers × memory_limit %s = %d MB, more than the machine\'s %d MB',
                        $pool->name,
                        $children,
                        $limit,
                        (int) ($children * $bytes / 1048576),
                        (int) ($server->host->memoryBytes / 1048576),
                    ),
                    'Under load the workers can ask for more memory than there is, and the kernel kills one (or '
                    .'swaps). Lower pm.max_children, or memory_limit if the app needs less.',
                    [Fix::at($pool->locate('pm.max_children'), (string) $fit)],
                );
            }
            if ($children < $server->host->cores) {
                $findings[] = new Finding(
                    'workers-too-few',
                    Severity::Warning,
                    \sprintf('Pool %s: pm.max_children = %d on %d cores', $pool->name, $children, $server->host->cores),
                    'Fewer workers than cores leave cores idle under load, whatever OPcache and preloading save.',
                    [Fix::at($pool->locate('pm.max_children'), (string) ($server->host->cores * 2))],
                );
            } elseif ($children > $server->host->cores * self::MAX_WORKERS_PER_CORE) {
                $findings[] = new Finding(
                    'workers-too-many',
                    Severity::Notice,
                    \sprintf('Pool %s: pm.max_children = %d on %d cores', $pool->name, $children, $server->host->cores),
                    \sprintf(
                        'More than %d workers per core only queue for the CPU (and each holds its own memory); worth '
                        .'it only when requests mostly wait on I/O. `preheat bench --workers=N` measures it.',
                        self::MAX_WORKERS_PER_CORE,
                    ),
                    [Fix::at($pool->locate('pm.max_children'), (string) ($server->host->cores * 4))],
                );
            }
        }

        return $findings;
    }
}
