<?php

declare(strict_types=1);

namespace Preheat\Php\Fpm;

/**
 * A php-fpm master process that runs, and what it was started with, read from /proc: its command line
 * (-y/--fpm-config, -c/--php-ini, -p/--prefix) and PHP_INI_SCAN_DIR from its environment. php-fpm
 * writes its title over its arguments ("php-fpm: master process (/etc/php-fpm.conf)") and clears the
 * environment's memory for it, so usually only the configuration file can be read back; what was lost
 * is null. Found by the pid file its configuration names, or as the owner of a pool's listening socket;
 * never by a process name.
 */
final class RunningMaster
{
    public function __construct(
        public readonly int $pid,
        public readonly string $foundBy,
        public readonly ?string $configFile,
        public readonly ?string $iniPath = null,
        public readonly ?string $prefix = null,
        public readonly ?string $scanDir = null,
    ) {
    }

    public static function fromPidFile(string $pidFile, string $proc = '/proc'): ?self
    {
        $text = @file_get_contents($pidFile);
        if (false === $text || 1 !== preg_match('{^\s*(\d+)\s*$}', $text, $m)) {
            return null;
        }

        return self::at((int) $m[1], 'its pid file '.$pidFile, $proc);
    }

    /**
     * The master holding the socket a pool's `listen =` names (its workers hold it too: the master is the holder
     * whose parent is not one).
     */
    public static function listeningAt(string $listen, string $proc = '/proc'): ?self
    {
        $inodes = self::socketInodes($listen, $proc);
        if ([] === $inodes) {
            return null;
        }
        $holders = [];
        foreach (glob($proc.'/[0-9]*', \GLOB_ONLYDIR) ?: [] as $directory) {
            foreach (@scandir($directory.'/fd') ?: [] as $fd) {
                $target = @readlink($directory.'/fd/'.$fd);
                if (false !== $target && 1 === preg_match('{^socket:\[(\d+)\]$}', $target, $m)
                    && \in_array($m[1], $inodes, true)) {
                    $holders[] = (int) basename($directory);
                    break;
                }
            }
        }
        foreach ($holders as $pid) {
            $status = (string) @file_get_contents($proc.'/'.$pid.'/status');
            $parent = 1 === preg_match('{^PPid:\s*(\d+)}m', $status, $m) ? (int) $m[1] : 0;
            if (!\in_array($parent, $holders, true)) {
                return self::at($pid, 'the socket its pool listens on, '.$listen, $proc);
            }
        }

        return null;
    }

    public static function at(int $pid, string $foundBy, string $proc = '/proc'): ?self
    {
        $cmdline = @file_get_contents($proc.'/'.$pid.'/cmdline');
        if (false === $cmdline || '' === $cmdline) {
            return null;
        }
        $arguments = array_values(array_filter(explode("\0", $cmdline), static fn (string $a): bool => '' !== $a));
        $title = $arguments[0] ?? '';
        $exe = (string) @readlink($proc.'/'.$pid.'/exe');
        // A pid file left behind names whatever process has that pid now: only a php-fpm is one.
        if (!str_contains(basename($exe), 'php-fpm') && !str_contains($title, 'php-fpm')) {
            return null;
        }
        $cwd = (string) @readlink($proc.'/'.$pid.'/cwd');
        $absolute = static fn (?string $p): ?string => null === $p || '' === $p || str_starts_with($p, '/')
            ? $p
            : rtrim($cwd, '/').'/'.$p;
        if (1 === preg_match('{^php-fpm: master process \((.+)\)\s*$}', implode(' ', $arguments), $m)) {
            return new self($pid, $foundBy, $absolute($m[1]), null, null, self::scanDir($pid, $proc));
        }

        return new self(
            $pid,
            $foundBy,
            $absolute(self::option($arguments, 'y', 'fpm-config')),
            $absolute(self::option($arguments, 'c', 'php-ini')),
            $absolute(self::option($arguments, 'p', 'prefix')),
            self::scanDir($pid, $proc),
        );
    }

    public function describe(): string
    {
        return \sprintf('pid %d, found by %s', $this->pid, $this->foundBy);
    }

    /** @param list<string> $arguments */
    private static function option(array $arguments, string $short, string $long): ?string
    {
        foreach ($arguments as $i => $argument) {
            if ('-'.$short === $argument || '--'.$long === $argument) {
                return $arguments[$i + 1] ?? null;
            }
            if (str_starts_with($argument, '--'.$long.'=')) {
                return substr($argument, \strlen($long) + 3);
            }
            if (str_starts_with($argument, '-'.$short) && \strlen($argument) > 2 && !str_starts_with($argument, '--')) {
                return substr($argument, 2);
            }
        }

        return null;
    }

    private static function scanDir(int $pid, string $proc): ?string
    {
        $environ = (string) @file_get_contents($proc.'/'.$pid.'/environ');
        foreach (explode("\0", $environ) as $variable) {
            if (str_starts_with($variable, 'PHP_INI_SCAN_DIR=')) {
                return substr($variable, \strlen('PHP_INI_SCAN_DIR='));
            }
        }

        return null;
    }

    /** @return list<string> the inodes of the listening sockets $listen names (HOST:PORT, PORT, or a socket path) */
    private static function socketInodes(string $listen, string $proc): array
    {
        $listen = trim($listen);
        $inodes = [];
        if (str_starts_with($listen, '/')) {
            foreach (@file($proc.'/net/unix', \FILE_IGNORE_NEW_LINES) ?: [] as $line) {
                $fields = preg_split('{\s+}', trim($line)) ?: [];
                if (\count($fields) >= 8 && $fields[7] === $listen) {
                    $inodes[] = $fields[6];
                }
            }

            return $inodes;
        }
        if (1 !== preg_match('{(?:^|:)(\d{1,5})$}', $listen, $m)) {
            return [];
        }
        $port = (int) $m[1];
        foreach (['/net/tcp', '/net/tcp6'] as $table) {
            foreach (\array_slice(@file($proc.$table, \FILE_IGNORE_NEW_LINES) ?: [], 1) as $line) {
                $fields = preg_split('{\s+}', trim($line)) ?: [];
                // local address (hex IP:hex port), state (0A: LISTEN), inode
                if (\count($fields) >= 10 && '0A' === $fields[3]
                    && hexdec(explode(':', $fields[1])[1] ?? '') === $port) {
                    $inodes[] = $fields[9];
                }
            }
        }

        return $inodes;
    }
}
