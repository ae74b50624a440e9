<?php

declare(strict_types=1);

namespace Preheat\Inventory;

use Preheat\Util\AtomicFile;
use Preheat\Util\BoundedRead;
use Preheat\Util\PrivateDirectory;
use Preheat\Util\UnsafeDirectory;

/**
 * Remembers each file's inventory by path, size and modification time, so that
 * re-running on an unchanged tree parses nothing. A cache it cannot read is ignored, never fatal.
 *
 * Beside it, one content index per cache directory (shared by every project there) remembers each
 * analysis by the hash of the file's bytes: a new release directory (the same vendor files at another
 * path, with new modification times) reuses what an earlier release parsed. An analysis is re-based to the
 * new path only when nothing in it came from the path: a file that names `__DIR__` or `__FILE__` (their
 * values end up in its include paths and constants) is indexed by its bytes and its path together.
 *
 * Both files keep each entry serialized on its own (a string in the file's array): reading a file unserializes
 * strings only, and an entry is unserialized when it is asked for. Held as arrays, the entries took some ten
 * times their bytes in memory (100 MB for the 10 MB of 5,500 files, twice over with the content index), beside
 * the inventory itself: a cold run of 30,000 files went over 1 GB. Measured on Debian's /usr/share/php
 * (6,251 entries, CPU seconds): unserialize() of the whole file as arrays 0.10-0.14, igbinary 0.105, msgpack
 * 0.13-0.18, an include of a var_export() file 0.4 (the CLI has no OPcache to keep it compiled). No format paid
 * enough over unserialize() to need an extension; reading the strings and each entry as it is asked for took
 * 0.2-0.24 s with the inventories built, against 0.6 from the arrays.
 */
final class InventoryCache
{
    /** Bump when the analysis changes, so that old entries are not reused. */
    private const FORMAT = 'preheat-inventory-17';

    /** @var array<string, mixed> path => entry, serialized, as read: each checked as it is used (entry()) */
    private array $entries = [];

    private bool $dirty = false;

    /** In a content key: the analysis is kept at its PathTemplate, for paths of the depth that follows. */
    private const TEMPLATED = ':depth ';

    /** Most analyses the content index keeps; the least recently used go first. */
    private const CONTENT_ENTRIES = 60000;

    /** @var array<string, mixed>|null contentKey() => analysis, serialized, as read; null: not read yet */
    private ?array $content = null;

    private bool $contentDirty = false;

    /** A cache file or file's entries not as this version writes them, and how many: ignored, parsed again. */
    private ?string $rejectedFile = null;

    private int $rejectedEntries = 0;

    /** The most a cache file or content index may weigh: a parse cache of some 50,000 files is far smaller. */
    private const MAX_BYTES = 512 * 1024 * 1024;

    public function __construct(private readonly ?string $file)
    {
        if (null === $file) {
            return;
        }
        $this->entries = $this->readEntries($file) ?? [];
    }

    /**
     * The cache file of a project: one per project root, in $directory or else the user's own cache
     * directory (defaultDirectory()). The directory is created 0700 when missing, and refused when another
     * user could write into it: what the cache says decides what is preloaded.
     *
     * @throws UnsafeDirectory naming the directory and what to do
     */
    public static function fileFor(string $projectRoot, ?string $directory = null): string
    {
        $remedy = 'choose another cache directory (one of yours) or do without the cache';
        $directory = rtrim($directory ?? self::defaultDirectory(), '/');
        if (!PrivateDirectory::ensure($directory, $remedy, 'inventory-')) {
            throw new UnsafeDirectory(\sprintf('Cannot create the cache directory %s: %s.', $directory, $remedy));
        }

        return $directory.'/inventory-'.substr(hash('sha256', $projectRoot), 0, 16).'.bin';
    }

    /**
     * $XDG_CACHE_HOME/preheat, else ~/.cache/preheat (the home of the user Preheat runs as, not $HOME,
     * which sudo may keep), else preheat-cache-UID under the temp directory when there is no home to write.
     *
     * @param array<string, string> $environment
     */
    public static function defaultDirectory(?array $environment = null): string
    {
        $environment ??= getenv();
        $xdg = $environment['XDG_CACHE_HOME'] ?? '';
        if (str_starts_with($xdg, '/')) {
            return rtrim($xdg, '/').'/preheat';
        }
        $uid = posix_geteuid();
        $home = (posix_getpwuid($uid) ?: [])['dir'] ?? ($environment['HOME'] ?? '');
        $usable = str_starts_with($home, '/') && '/' !== $home && is_dir($home);
        if ($usable && (is_dir($home.'/.cache') || is_writable($home))) {
            return rtrim($home, '/').'/.cache/preheat';
        }

        return rtrim(sys_get_temp_dir(), '/').'/preheat-cache-'.$uid;
    }

    public static function disabled(): self
    {
        return new self(null);
    }

    public function get(string $path, int $size, int $modifiedAt): ?FileInventory
    {
        if (!isset($this->entries[$path])) {
            return null;
        }
        $entry = self::entry($this->entries[$path]);
        if (null === $entry) {
            unset($this->entries[$path]);
            $this->reject((string) $this->file);

            return null;
        }
        if (($entry['size'] ?? null) !== $size || ($entry['mtime'] ?? null) !== $modifiedAt
            || ($entry['path'] ?? null) !== $path) {
            return null;
        }
        $inventory = $this->hydrate($entry, (string) $this->file);
        if (null === $inventory) {
            unset($this->entries[$path]);
        }

        return $inventory;
    }

    /** Whether this cache keeps a content index: without one, there is no point reading files to hash them. */
    public function indexesContent(): bool
    {
        return null !== $this->file;
    }

    /**
     * The analysis of a file with these bytes, from any project in this cache directory, re-based to $path.
     * Read lazily: a run whose files are all known by path never loads the content index.
     */
    public function getByContent(string $path, string $key, int $size, int $modifiedAt): ?FileInventory
    {
        if (null === $this->file) {
            return null;
        }
        $this->content ??= $this->readContent();
        if (!isset($this->content[$key])) {
            return null;
        }
        $serialized = $this->content[$key];
        $entry = self::entry($serialized);
        if (null === $entry) {
            unset($this->content[$key]);
            $this->reject((string) $this->contentFile());

            return null;
        }
        // Used again: it moves to the end, the last to be forgotten when the index is next written.
        unset($this->content[$key]);
        $this->content[$key] = $serialized;

        $entry = ['path' => $path, 'size' => $size, 'mtime' => $modifiedAt] + $entry;

        // Only an analysis kept at its template (contentKey() says so) has tokens to replace with the path.
        try {
            $inventory = $this->hydrate(
                str_contains($key, self::TEMPLATED) ? PathTemplate::rebase($entry, $path) : $entry,
                (string) $this->contentFile(),
            );
        } catch (\TypeError|\ValueError) {
            $inventory = null; // the template's tokens were not strings where PathTemplate replaces them
            $this->reject((string) $this->contentFile());
        }
        if (null === $inventory) {
            unset($this->content[$key]);
        }

        return $inventory;
    }

    public function put(FileInventory $inventory): void
    {
        if (null === $this->file) {
            return; // a disabled cache keeps nothing: its entries would only be thrown away
        }
        $this->entries[$inventory->path] = serialize($inventory->toArray());
        $this->dirty = true;
    }

    /**
     * Indexes an analysis by the file's bytes, for other paths: $templated as ParsedFile::forContentIndex()
     * gives it.
     *
     * @param string $contentKey contentKey() of the bytes that were analysed
     */
    public function putContent(FileInventory $templated, string $contentKey): void
    {
        if (null === $this->file) {
            return;
        }
        $this->content ??= $this->readContent();
        $entry = $templated->toArray();
        unset($entry['path'], $entry['size'], $entry['mtime']);
        $this->content[$contentKey] = serialize($entry);
        $this->contentDirty = true;
    }

    /**
     * The bytes' hash; for a file that names `__DIR__` or `__FILE__`, with the depth of its path too (its
     * analysis is kept at its PathTemplate), or its path itself when it cannot be templated.
     */
    public static function contentKey(string $path, string $code): string
    {
        $key = hash('xxh128', $code).':'.\strlen($code);
        if (PathTemplate::appliesTo($path, $code)) {
            return $key.self::TEMPLATED.PathTemplate::depth($path);
        }

        return PathTemplate::dependsOnPath($code) ? $key.':'.$path : $key;
    }

    /** The content index beside the cache file: one per directory, PHP version and analysis format. */
    private function contentFile(): ?string
    {
        return null === $this->file
            ? null
            : \dirname($this->file).'/content-index-'
                .substr(hash('sha256', self::FORMAT.\PHP_VERSION), 0, 12).'.bin';
    }

    /** @return array<string, mixed> */
    private function readContent(): array
    {
        $file = $this->contentFile();

        return null === $file ? [] : $this->readEntries($file) ?? [];
    }

    /**
     * Whether some of the cache was not as this version writes it (damaged, another program's, planted),
     * and so ignored: the cache file or index and what was ignored, for a line of the scan. Null when none.
     */
    public function rejected(): ?string
    {
        if (null === $this->rejectedFile) {
            return null;
        }

        return 0 === $this->rejectedEntries
            ? \sprintf(
                'Ignored the parse cache %s: it is not one this version wrote (damaged, or not ours)',
                $this->rejectedFile,
            )
            : \sprintf(
                'Ignored %d %s of the parse cache %s: not as this version writes %s',
                $this->rejectedEntries,
                1 === $this->rejectedEntries ? 'entry' : 'entries',
                $this->rejectedFile,
                1 === $this->rejectedEntries ? 'it' : 'them',
            );
    }

    /**
     * The entries of a cache file or content index, each still serialized (entry() reads one). Read through
     * PrivateDirectory::readFile (the directory and the file checked once open, bounded) and unserialized as
     * plain arrays: a cache file can make Preheat create no object. Null when there is none, or it is not one
     * of this version's.
     *
     * @return array<string, mixed>|null
     */
    private function readEntries(string $file): ?array
    {
        if (!file_exists($file)) {
            return null;
        }
        $content = PrivateDirectory::readFile(\dirname($file), basename($file), self::MAX_BYTES);
        // Three levels: the file's array, its entries, and each entry's string.
        $data = null === $content ? false : BoundedRead::unserialize($content, 3);
        if (!\is_array($data) || self::FORMAT !== ($data['format'] ?? null) || !\is_array($data['entries'] ?? null)) {
            // Another version's cache is simply replaced; only something else is worth a word.
            if (!\is_array($data) || !\is_string($data['format'] ?? null)) {
                $this->rejectedFile ??= $file;
            }

            return null;
        }

        return $data['entries'];
    }

    /**
     * An entry as put() or putContent() serialized it: arrays and scalars, no object, at most BoundedRead::DEPTH
     * levels deep. Null when it is anything else.
     *
     * @return array<mixed>|null
     */
    private static function entry(mixed $serialized): ?array
    {
        $entry = \is_string($serialized) ? BoundedRead::unserialize($serialized) : null;

        return \is_array($entry) ? $entry : null;
    }

    /**
     * The entry as a FileInventory, or null when it is not one as this version writes it (a wrong type, a
     * missing key, an unknown kind): then it is a miss, and the file is parsed again.
     *
     * @param array<mixed> $entry
     */
    private function hydrate(array $entry, string $file): ?FileInventory
    {
        set_error_handler(static function (int $severity, string $message): never {
            throw new \ErrorException($message, 0, $severity);
        });
        try {
            CachedEntryShape::check($entry);

            return FileInventory::fromArray($entry);
        } catch (\TypeError|\ValueError|\ErrorException|\UnexpectedValueException) {
            $this->reject($file);

            return null;
        } finally {
            restore_error_handler();
        }
    }

    private function reject(string $file): void
    {
        $this->rejectedFile ??= $file;
        ++$this->rejectedEntries;
    }

    /** @param list<string> $keep paths still present; the others are forgotten */
    public function save(array $keep): void
    {
        if (null === $this->file) {
            return;
        }
        $this->saveContent();
        $kept = array_intersect_key($this->entries, array_flip($keep));
        if (!$this->dirty && \count($kept) === \count($this->entries)) {
            return;
        }
        try {
            AtomicFile::write(
                $this->file,
                serialize(['format' => self::FORMAT, 'entries' => $kept]),
                AtomicFile::PRIVATE,
            );
        } catch (\RuntimeException) {
            // A cache that cannot be written only costs time on the next run.
        }
    }

    private function saveContent(): void
    {
        $file = $this->contentFile();
        if (null === $file || null === $this->content || !$this->contentDirty) {
            return;
        }
        $entries = \array_slice($this->content, -self::CONTENT_ENTRIES, null, true);
        try {
            AtomicFile::write(
                $file,
                serialize(['format' => self::FORMAT, 'entries' => $entries]),
                AtomicFile::PRIVATE,
            );
        } catch (\RuntimeException) {
            // As with the cache file: a content index that cannot be written only costs time.
        }
        $this->contentDirty = false;
    }
}
