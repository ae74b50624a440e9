<?php

declare(strict_types=1);

namespace Preheat\Script\Write;

use Preheat\Util\FileHashes;

/**
 * What a preload script preloads, stamped into the script so that a running server can tell: a hash of
 * the plan (the files and their order) and a hash of those files' contents. The script declares a class
 * named after both (PreheatManifest_<hash>, two constants); OPcache preloads it with the rest, so a
 * request to php-fpm sees which script and which code the master preloaded at start, until it restarts.
 */
final class ScriptManifest
{
    public const CLASS_PREFIX = 'PreheatManifest_';

    /** The largest preload script read: one of tens of thousands of files is a few megabytes. */
    public const MAX_SCRIPT_BYTES = 64 * 1024 * 1024;

    /** How the sources hash of scripts written now starts: their files hashed with xxh128. */
    private const SOURCES_HASH = 'xxh128:';

    public function __construct(
        public readonly string $plan,
        public readonly string $sources,
    ) {
    }

    /**
     * @param list<string> $pathExpressions the PHP expressions of the paths, as the script writes them
     * @param list<string> $files           the same files as absolute paths
     * @param string|null  $sources         their sources hash, when the caller knows it (see
     *                                      PreloadScriptWriter::render())
     */
    public static function of(array $pathExpressions, array $files, ?string $sources = null): self
    {
        return new self(hash('sha256', implode("\n", $pathExpressions)), $sources ?? self::sourcesHash($files));
    }

    /**
     * The hash of the files' contents, in order; a file that is gone counts as gone. Each file is hashed with
     * xxh128 (a third of sha256's time on a large app, paid on every generate and every status), and the value
     * says so; a value without that prefix was written by an earlier Preheat with sha256, and $like (the value
     * to compare with) asks for that one, so that a script written before still reads as fresh.
     *
     * @param list<string> $files
     */
    public static function sourcesHash(array $files, ?string $like = null): string
    {
        $earlier = null !== $like && !str_starts_with($like, self::SOURCES_HASH);
        $hashes = [];
        foreach ($files as $file) {
            if (!$earlier) {
                $hashes[] = self::xxh128($file);
                continue;
            }
            $hash = is_file($file) ? @hash_file('sha256', $file) : false;
            $hashes[] = false === $hash ? '-' : $hash;
        }
        $hash = hash('sha256', implode("\n", $hashes));

        return $earlier ? $hash : self::SOURCES_HASH.$hash;
    }

    private static function xxh128(string $file): string
    {
        return FileHashes::xxh128($file) ?? '-';
    }

    public function className(): string
    {
        return self::CLASS_PREFIX.substr(hash('sha256', $this->plan.$this->sources), 0, 16);
    }

    public function equals(self $other): bool
    {
        return $this->plan === $other->plan && $this->sources === $other->sources;
    }

    /** The PHP the script declares it with. */
    public function declaration(): string
    {
        return '// Which plan and which code this script preloads, for `preheat status` to compare a running php-fpm '.
            "with.\n"
            .\sprintf(
                "final class %s\n{\n    public const PLAN = '%s';\n    public const SOURCES = '%s';\n}\n\n",
                $this->className(),
                $this->plan,
                $this->sources,
            );
    }

    /** The manifest a script declares; null for a script without one (written by hand or by an older Preheat). */
    public static function fromScript(string $script): ?self
    {
        if (!preg_match('{^final class '.self::CLASS_PREFIX.'[0-9a-f]{16}\s*\{\s*public const PLAN = '.
            '\'([0-9a-f]{64})\';\s*public const SOURCES = \'((?:xxh128:)?[0-9a-f]{64})\';}m', $script, $m)) {
            return null;
        }

        return new self($m[1], $m[2]);
    }

    /**
     * The files a script preloads, as absolute paths: the list it compiles, `__DIR__.'/x'` resolved against
     * the script's directory.
     *
     * @return list<string>
     */
    public static function filesOf(string $script, string $scriptPath): array
    {
        $start = strrpos($script, '})([');
        if (false === $start) {
            return [];
        }
        // Each path is a PhpLiteral: var_export's single quotes, or double quotes with escapes for a path with a
        // control byte.
        preg_match_all(
            '{^\s*(__DIR__\.)?(?:\'((?:[^\'\\\\]|\\\\.)*)\'|"((?:[^"\\\\]|\\\\.)*)"),$}m',
            substr($script, $start),
            $matches,
            \PREG_SET_ORDER | \PREG_UNMATCHED_AS_NULL,
        );
        $files = [];
        foreach ($matches as $match) {
            $path = null !== $match[3] ? stripcslashes($match[3]) : strtr(
                (string) $match[2],
                ['\\\\' => '\\', "\\'" => "'"],
            );
            $files[] = null !== $match[1] ? \dirname($scriptPath).$path : $path;
        }

        return $files;
    }
}
