<?php

declare(strict_types=1);

namespace Preheat\Inventory;

use Preheat\Util\AtomicFile;
use Preheat\Util\PrivateDirectory;
use Preheat\Util\UnsafeDirectory;

/**
 * Remembers each file's inventory by path, size and modification time, so that
 * re-running on an unchanged tree parses nothing. A cache it cannot read is ignored, never fatal.
 */
final class InventoryCache
{
    /** Bump when the analysis changes, so that old entries are not reused. */
    private const FORMAT = 'preheat-inventory-12';

    /** @var array<string, array<string, mixed>> */
    private array $entries = [];

    private bool $dirty = false;

    public function __construct(private readonly ?string $file)
    {
        if (null === $file || !is_file($file)) {
            return;
        }
        $data = @unserialize((string) @file_get_contents($file), ['allowed_classes' => false]);
        if (\is_array($data) && self::FORMAT === ($data['format'] ?? null) && \is_array($data['entries'] ?? null)) {
            $this->entries = $data['entries'];
        }
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
        $entry = $this->entries[$path] ?? null;
        if (null === $entry || $entry['size'] !== $size || $entry['mtime'] !== $modifiedAt) {
            return null;
        }

        return FileInventory::fromArray($entry);
    }

    public function put(FileInventory $inventory): void
    {
        $this->entries[$inventory->path] = $inventory->toArray();
        $this->dirty = true;
    }

    /** @param list<string> $keep paths still present; the others are forgotten */
    public function save(array $keep): void
    {
        if (null === $this->file) {
            return;
        }
        $kept = array_intersect_key($this->entries, array_flip($keep));
        if (!$this->dirty && \count($kept) === \count($this->entries)) {
            return;
        }
        try {
            AtomicFile::write($this->file, serialize(['format' => self::FORMAT, 'entries' => $kept]));
        } catch (\RuntimeException) {
            // A cache that cannot be written only costs time on the next run.
        }
    }
}
