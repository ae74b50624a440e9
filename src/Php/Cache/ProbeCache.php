<?php

declare(strict_types=1);

namespace Preheat\Php\Cache;

use Preheat\Util\AtomicFile;
use Preheat\Util\BoundedRead;
use Preheat\Util\PrivateDirectory;
use Preheat\Version;

/**
 * What the probes that locate the PHP installation answered on an earlier run (`php -n` for the version,
 * `php-fpm -tt`, `php-fpm -i`, `php -c INI` for the effective settings), kept in the private cache
 * directory: a run whose PHP and ini are as they were starts none of those processes, each a PHP start.
 *
 * An answer is kept with what it was read from: the files (binaries, ini files, scan directories and their
 * entries, php-fpm's configuration files) by device, inode, size, mtime and ctime, the ini and configuration
 * files by their content too and a directory by the names in it (PHP tells times in whole seconds: a change
 * within the second of the last would not show), and the environment variables PHP reads them with (PHPRC,
 * PHP_INI_SCAN_DIR, and every ${NAME} the ini and configuration files name). One that differs in any of them
 * is no answer: the probe runs again. The file is hostile input like
 * every cache file: it is read only as PrivateDirectory::readFile() allows, unserialized with no class
 * allowed, and each answer must have the shape its question gives (the caller's check) or it is none.
 *
 * @phpstan-type Kept array{files: array<string, string>, environment: array<string, string|null>, answer: mixed}
 */
final class ProbeCache
{
    private const NAME = 'php-probes.bin';

    /** Bump when a question or the shape of its answer changes. */
    private const FORMAT = 'preheat-php-probes-1';

    /** A few kilobytes per installation; a file far larger is none of ours. */
    private const MAX_BYTES = 4 * 1024 * 1024;

    /** Installations (and -c, --fpm-config variants) remembered at once; the oldest answer goes first. */
    private const MAX_ANSWERS = 64;

    /** More files than any installation's ini and configuration: an answer that lists more is not kept. */
    private const MAX_FILES = 1024;

    /** What PHP reads its ini with, besides the ${NAME}s of the files. */
    private const ENVIRONMENT = ['PHPRC', 'PHP_INI_SCAN_DIR'];

    /** @var array<string, Kept>|null */
    private ?array $answers = null;

    public function __construct(private readonly string $directory)
    {
    }

    /**
     * The answer kept for $question when nothing it was read from changed, else $ask's, kept for the next run.
     *
     * @template T
     *
     * $ask gives the answer, the further files it was read from (those it names), and which of all the files are
     * ini or configuration text (hashed, and read for their ${NAME}s); or null: no answer, nothing to keep.
     *
     * @param string                                                  $question every argument of the probe (the
     *                                                                          binary's real path, -c...), as one
     * @param list<string>                                            $inputs   the files the answer depends on known
     *                                                                          before asking: a change while the
     *                                                                          probe runs keeps nothing
     * @param \Closure(mixed): bool                                   $fits     whether a kept answer has the shape
     *                                                                          of $ask's
     * @param \Closure(): (array{T, list<string>, list<string>}|null) $ask
     *
     * @return T|null
     */
    public function answer(string $question, array $inputs, \Closure $fits, \Closure $ask): mixed
    {
        // Another version of Preheat may ask or read an answer otherwise: its answers are not this one's.
        $key = hash('sha256', self::FORMAT."\0".Version::VERSION."\0".$question);
        $kept = $this->answers()[$key] ?? null;
        if (null !== $kept && $this->unchanged($kept) && $fits($kept['answer'])) {
            return $kept['answer'];
        }
        $before = self::identities($inputs, []);
        $asked = $ask();
        if (null === $asked) {
            return null;
        }
        [$answer, $further, $texts] = $asked;
        $files = self::identities([...$inputs, ...$further], $texts);
        // A file changed while the probe ran: the answer may be of either version.
        if (self::identities($inputs, []) !== $before || \count($files) > self::MAX_FILES) {
            return $answer;
        }
        $environment = [];
        foreach ([...self::ENVIRONMENT, ...self::named($texts)] as $name) {
            $value = getenv($name);
            $environment[$name] = false === $value ? null : $value;
        }
        $answers = $this->answers();
        unset($answers[$key]);
        $answers[$key] = ['files' => $files, 'environment' => $environment, 'answer' => $answer];
        $this->answers = \array_slice($answers, -self::MAX_ANSWERS, null, true);
        $this->write();

        return $answer;
    }

    /**
     * A file as the kernel tells it apart: device, inode, size, mtime and ctime (a change of content, of its
     * permissions or a replacement by rename all show), with $text its content's hash too; a directory by the
     * names in it; "missing" when there is none.
     */
    public static function identity(string $path, bool $text = false): string
    {
        clearstatcache(true, $path);
        $stat = @stat($path);
        if (false === $stat) {
            return 'missing';
        }
        if (0o040000 === ($stat['mode'] & 0o170000)) {
            $names = @scandir($path);

            return 'directory '.(false === $names ? 'unreadable' : hash('sha256', implode("\0", $names)));
        }
        $identity = \sprintf(
            '%d %d %d %d %d',
            $stat['dev'],
            $stat['ino'],
            $stat['size'],
            $stat['mtime'],
            $stat['ctime'],
        );
        if (!$text) {
            return 'file '.$identity;
        }
        // Only a regular file is read: a FIFO among the ini files would block.
        $regular = 0o100000 === ($stat['mode'] & 0o170000) && $stat['size'] <= BoundedRead::TEXT_BYTES;
        $hash = $regular ? @hash_file('sha256', $path) : false;

        return 'text '.$identity.' '.(false === $hash ? 'unreadable' : $hash);
    }

    /**
     * The entries a scan directory (or PHP_INI_SCAN_DIR's list of them) adds: the directory itself, whose
     * identity changes when an entry is added or removed, and every *.ini in it.
     *
     * @return list<string>
     */
    public static function scanned(?string $scanDirs): array
    {
        $files = [];
        foreach (explode(\PATH_SEPARATOR, $scanDirs ?? '') as $directory) {
            if ('' === $directory) {
                continue;
            }
            $inis = glob(rtrim($directory, '/').'/*.ini') ?: [];
            sort($inis);
            array_push($files, $directory, ...$inis);
        }

        return $files;
    }

    /** @param Kept $kept */
    private function unchanged(array $kept): bool
    {
        foreach ($kept['environment'] as $name => $value) {
            $now = getenv($name);
            if ((false === $now ? null : $now) !== $value) {
                return false;
            }
        }
        foreach ($kept['files'] as $path => $identity) {
            if (self::identity($path, str_starts_with($identity, 'text ')) !== $identity) {
                return false;
            }
        }

        return true;
    }

    /**
     * @param list<string> $paths
     * @param list<string> $texts which of them are ini or configuration files
     *
     * @return array<string, string>
     */
    private static function identities(array $paths, array $texts): array
    {
        $identities = [];
        foreach ($paths as $path) {
            $identities[$path] = self::identity($path, \in_array($path, $texts, true));
        }

        return $identities;
    }

    /**
     * The environment variables the ini or configuration files name as ${NAME}: PHP puts in their values.
     *
     * @param list<string> $texts
     *
     * @return list<string>
     */
    private static function named(array $texts): array
    {
        $names = [];
        foreach ($texts as $path) {
            $content = is_file($path) ? BoundedRead::orNull($path, BoundedRead::TEXT_BYTES) : null;
            if (null !== $content && preg_match_all('~\$\{([^}\s]{1,200})\}~', $content, $m) > 0) {
                array_push($names, ...$m[1]);
            }
        }

        return array_values(array_unique($names));
    }

    /** @return array<string, Kept> */
    private function answers(): array
    {
        if (null !== $this->answers) {
            return $this->answers;
        }
        $this->answers = [];
        $content = file_exists($this->directory.'/'.self::NAME)
            ? PrivateDirectory::readFile($this->directory, self::NAME, self::MAX_BYTES)
            : null;
        $data = null === $content ? false : BoundedRead::unserialize($content);
        if (!\is_array($data) || self::FORMAT !== ($data['format'] ?? null) || !\is_array($data['answers'] ?? null)) {
            return $this->answers;
        }
        foreach (\array_slice($data['answers'], -self::MAX_ANSWERS, null, true) as $key => $kept) {
            if (\is_string($key) && self::wellFormed($kept)) {
                $this->answers[$key] = $kept;
            }
        }

        return $this->answers;
    }

    /** @phpstan-assert-if-true Kept $kept */
    private static function wellFormed(mixed $kept): bool
    {
        if (!\is_array($kept) || ['files', 'environment', 'answer'] !== array_keys($kept)
            || !\is_array($kept['files']) || !\is_array($kept['environment'])
            || \count($kept['files']) > self::MAX_FILES) {
            return false;
        }
        foreach ($kept['files'] as $path => $identity) {
            if (!\is_string($path) || !\is_string($identity)) {
                return false;
            }
        }
        foreach ($kept['environment'] as $name => $value) {
            if (!\is_string($name) || '' === $name || (null !== $value && !\is_string($value))) {
                return false;
            }
        }

        return true;
    }

    private function write(): void
    {
        try {
            if (!is_dir($this->directory)) {
                @mkdir($this->directory, 0o700, true);
            }
            AtomicFile::write(
                $this->directory.'/'.self::NAME,
                serialize(['format' => self::FORMAT, 'answers' => $this->answers]),
                AtomicFile::PRIVATE,
            );
        } catch (\RuntimeException) {
            // Only the next run's speed depends on it: it asks PHP again.
        }
    }
}
