<?php

declare(strict_types=1);

namespace Preheat\Php\Fpm;

use Preheat\Util\BoundedRead;

/**
 * Reads php-fpm's configuration files as php-fpm does: ini syntax, a [global] section and one section
 * per pool (a pool's section may appear again in a later file and continues it), `include =` globs read
 * in place, in name order, where the line stands. A relative path (an include, the pid file) is relative
 * to php-fpm's prefix (-p): the directory above the `etc/` that holds the main file, as in the official
 * image's /usr/local, when no prefix is known. `$pool` in a pool's value is the pool's name.
 */
final class FpmConfigReader
{
    private const MAX_FILES = 256;

    /** @var list<string> */
    private array $files = [];

    /** @var list<FpmDirective> */
    private array $global = [];

    /** @var array<string, FpmPool> */
    private array $pools = [];

    private string $section = 'global';

    private string $prefix = '/';

    public function read(string $mainFile, string $source, ?string $prefix = null): FpmConfiguration
    {
        if (!is_file($mainFile)) {
            throw FpmConfigError::missing($mainFile);
        }
        $mainFile = realpath($mainFile) ?: $mainFile;
        $this->reset($prefix ?? self::guessPrefix($mainFile));
        $this->readFile($mainFile, 'the main configuration');
        $pid = null;
        foreach ($this->global as $directive) {
            if ('pid' === $directive->name && '' !== $directive->value) {
                $pid = $this->path($directive->value, null === $prefix ? '/var/' : '/');
            }
        }

        return new FpmConfiguration($mainFile, $source, $this->global, array_values($this->pools), $this->files, $pid);
    }

    /**
     * Pool files named on their own (doctor's --pool), read as if one main file included them in this order.
     *
     * @param list<string> $poolFiles
     */
    public function readPools(array $poolFiles, string $source): FpmConfiguration
    {
        $this->reset('/');
        foreach ($poolFiles as $file) {
            if (!is_file($file)) {
                throw FpmConfigError::missing($file);
            }
            $this->section = 'global';
            $this->readFile(realpath($file) ?: $file, $source);
        }

        return new FpmConfiguration(null, $source, $this->global, array_values($this->pools), $this->files);
    }

    private function reset(string $prefix): void
    {
        $this->files = [];
        $this->global = [];
        $this->pools = [];
        $this->section = 'global';
        $this->prefix = $prefix;
    }

    /** /usr/local for /usr/local/etc/php-fpm.conf; the file's own directory when it is not in an etc/. */
    public static function guessPrefix(string $mainFile): string
    {
        $directory = \dirname($mainFile);

        return 'etc' === basename($directory) ? \dirname($directory) : $directory;
    }

    private function readFile(string $file, string $includedBy): void
    {
        if (\in_array($file, $this->files, true) || \count($this->files) >= self::MAX_FILES) {
            return;
        }
        $text = BoundedRead::orNull($file, BoundedRead::TEXT_BYTES);
        if (null === $text) {
            throw FpmConfigError::unreadable($file, $includedBy);
        }
        $this->files[] = $file;
        self::checkSyntax($file, $text);
        foreach (preg_split('{\r?\n}', $text) ?: [] as $i => $line) {
            $line = trim($line);
            if ('' === $line || ';' === $line[0] || '#' === $line[0]) {
                continue;
            }
            if (1 === preg_match('{^\[([^\]]+)\]}', $line, $m)) {
                $this->section = trim($m[1]);
                if ('global' !== $this->section && !isset($this->pools[$this->section])) {
                    $this->pools[$this->section] = new FpmPool($this->section, $file, []);
                }
                continue;
            }
            if (1 !== preg_match('{^([A-Za-z0-9_.\-]+(?:\[[^\]]*\])?)\s*=\s*(.*)$}', $line, $m)) {
                continue;
            }
            $value = self::value($m[2]);
            if ('include' === $m[1]) {
                $this->include($value, $file.':'.($i + 1));
                continue;
            }
            if ('global' === $this->section) {
                $this->global[] = new FpmDirective($m[1], $value, $file, $i + 1);
                continue;
            }
            $value = str_replace('$pool', $this->section, $value);
            $this->pools[$this->section] = $this->pools[$this->section]->with(
                new FpmDirective($m[1], $value, $file, $i + 1),
            );
        }
    }

    private function include(string $pattern, string $where): void
    {
        $matches = glob($this->path($pattern, '/')) ?: [];
        sort($matches);
        foreach ($matches as $included) {
            if (is_file($included)) {
                $this->readFile(realpath($included) ?: $included, 'included at '.$where);
            }
        }
    }

    private function path(string $path, string $under): string
    {
        return str_starts_with($path, '/') ? $path : rtrim($this->prefix, '/').$under.$path;
    }

    /** A value as php-fpm's ini scanner reads it: quotes removed, a trailing `; comment` dropped. */
    private static function value(string $raw): string
    {
        $raw = trim($raw);
        if (1 === preg_match('{^"([^"]*)"}', $raw, $m) || 1 === preg_match("{^'([^']*)'}", $raw, $m)) {
            return $m[1];
        }
        $comment = strpos($raw, ';');

        return trim(false === $comment ? $raw : substr($raw, 0, $comment));
    }

    private static function checkSyntax(string $file, string $text): void
    {
        // PHP's own complaint, caught as it is raised (error_get_last() could hold an older message).
        $error = 'syntax error';
        set_error_handler(static function (int $level, string $message) use (&$error): bool {
            $error = $message;

            return true;
        });
        try {
            $parsed = parse_ini_string($text, true, \INI_SCANNER_RAW);
        } finally {
            restore_error_handler();
        }
        if (false === $parsed) {
            throw FpmConfigError::badSyntax($file, $error);
        }
    }
}
