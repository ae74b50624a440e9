<?php

declare(strict_types=1);

namespace Preheat\Server;

use Preheat\EnvironmentError;

/** A server could not start, or died: the message names it, says what it printed and what to do. */
final class RuntimeError extends \RuntimeException implements EnvironmentError
{
    public static function missingBinary(string $binary, string $package): self
    {
        return new self(\sprintf(
            'Cannot find %s: install it (Debian: apt-get install %s) or name another binary in preheat.json'
            .' "bench.binaries".',
            $binary,
            $package,
        ));
    }

    public static function didNotStart(string $what, string $command, string $log): self
    {
        return new self(\sprintf(
            "%s did not start.\nCommand: %s\n%s",
            $what,
            $command,
            '' === trim($log) ? '(it printed nothing)' : 'It said: '.trim($log),
        ));
    }

    /**
     * @param string $holder who listens there instead (Ports::holder())
     * @param string $said   what the server (or the bind test) said about it, e.g. nginx's log line
     */
    public static function portInUse(int $port, string $holder, string $said): self
    {
        return new self(\sprintf(
            'Port 127.0.0.1:%d is in use by another process (%s): stop it, or run again (Preheat picks a free port'
            .' for each server).%s',
            $port,
            $holder,
            '' === trim($said) ? '' : "\n".trim($said),
        ));
    }

    /** The lines of a server's log that say its port was taken ("Address already in use"), or null. */
    public static function addressInUse(string $log): ?string
    {
        $lines = preg_grep('/Address already in use/i', explode("\n", $log)) ?: [];

        return [] === $lines ? null : trim((string) end($lines));
    }

    public static function cannotKeepPrivate(string $directory): self
    {
        return new self(\sprintf(
            'Cannot close %s to other users (chmod 0700): its files name the bench\'s private status pages. Give a'
            .' temporary directory (TMPDIR) on a file system that keeps permissions.',
            $directory,
        ));
    }

    public static function noLoopback(string $why): self
    {
        return new self('Cannot open a loopback socket to find a free port: '.$why);
    }

    public static function died(string $what, string $during, string $log): self
    {
        return new self(\sprintf(
            "%s died during %s; everything started was stopped.\n%s",
            $what,
            $during,
            '' === trim($log) ? '' : 'Its log ends with: '.trim($log),
        ));
    }
}
