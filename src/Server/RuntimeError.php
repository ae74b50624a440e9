<?php

declare(strict_types=1);

namespace Preheat\Server;

use Preheat\EnvironmentError;

/** A server could not start, or died: the message names it, says what it printed and what to do. */
final class RuntimeError extends \RuntimeException implements EnvironmentError
{
    public static function missingBinary(string $binary, string $package): self
    {
        return new self(\sprintf('Cannot find %s: install it (Debian: apt-get install %s) or name another binary in preheat.json "bench.binaries".', $binary, $package));
    }

    public static function didNotStart(string $what, string $command, string $log): self
    {
        return new self(\sprintf("%s did not start.\nCommand: %s\n%s", $what, $command, '' === trim($log) ? '(it printed nothing)' : 'It said: '.trim($log)));
    }

    public static function portInUse(int $port, string $log): self
    {
        return new self(\sprintf('Port 127.0.0.1:%d is in use: stop what listens there, or run again (Preheat picks free ports itself). %s', $port, trim($log)));
    }

    public static function noLoopback(string $why): self
    {
        return new self('Cannot open a loopback socket to find a free port: '.$why);
    }

    public static function died(string $what, string $during, string $log): self
    {
        return new self(\sprintf("%s died during %s; everything started was stopped.\n%s", $what, $during, '' === trim($log) ? '' : 'Its log ends with: '.trim($log)));
    }
}
