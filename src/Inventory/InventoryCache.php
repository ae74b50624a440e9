<?php

declare(strict_types=1);

namespace Preheat\Inventory;

use Preheat\Util\AtomicFile;

/**
 * Remembers each file's inventory by path, size and modification time, so that
 * re-running on an unchanged tree parses nothing. A cache it cannot read is ignored, never fatal.
 */
final class InventoryCache
{
    /** Bump when the analysis changes, so that old entries are not reused. */
    private const FORMAT = 'preheat-inventory-7';

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

    /** The cache file of a project: one per project root, under $directory (default: the system temp dir). */
    public static function fileFor(string $projectRoot, ?string $directory = null): string
    {
        return ($directory ?? sys_get_temp_dir().'/preheat-cache').'/inventory-'.substr(hash('sha256', $projectRoot), 0, 16).'.bin';
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
