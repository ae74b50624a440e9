<?php

declare(strict_types=1);

namespace Preheat\Bench\Load;

use Preheat\Server\RuntimeError;
use Preheat\Server\ScenarioDirectory;
use Symfony\Component\Process\ExecutableFinder;

/**
 * Runs php-cgi as the user PHP's workers run as when Preheat runs as root (`setpriv`), as php-fpm runs
 * its workers: what the app writes (caches, sessions, logs) stays the workers', so the servers can
 * still write it afterwards, and OPcache preloads in the process itself, as for a worker.
 */
final class WorkerUser
{
    /**
     * @param string|null $user the workers' user; null when not running as root
     *
     * @return list<string> what goes in front of the command; nothing when not root
     */
    public static function prefix(?string $user): array
    {
        if (null === $user || 0 !== posix_geteuid()) {
            return [];
        }

        return [
            self::binary('setpriv', 'util-linux'),
            '--reuid='.$user,
            '--regid='.ScenarioDirectory::groupOf($user),
            '--init-groups',
            '--',
        ];
    }

    /**
     * A program by name (searched in PATH, then /usr/bin and /usr/local/bin) or by path; missing, an error naming the
     * package.
     */
    public static function binary(string $name, string $package): string
    {
        $found = str_contains($name, '/')
            ? (is_file($name) && is_executable($name) ? $name : null)
            : (new ExecutableFinder())->find($name, null, ['/usr/bin', '/usr/local/bin']);

        return $found ?? throw RuntimeError::missingBinary($name, $package);
    }
}
