<?php

declare(strict_types=1);

namespace Preheat\Tests\Support;

/** A directory under the system temp dir, removed with everything in it when the test is done. */
final class TemporaryDirectory
{
    public readonly string $path;

    public function __construct(string $prefix = 'preheat-test-')
    {
        $path = sys_get_temp_dir().'/'.$prefix.bin2hex(random_bytes(6));
        mkdir($path, 0777, true);
        $this->path = (string) realpath($path);
    }

    public function remove(): void
    {
        self::removeTree($this->path);
    }

    private static function removeTree(string $path): void
    {
        if (is_link($path) || is_file($path)) {
            unlink($path);

            return;
        }
        if (!is_dir($path)) {
            return;
        }
        foreach (new \FilesystemIterator($path, \FilesystemIterator::SKIP_DOTS) as $entry) {
            \assert($entry instanceof \SplFileInfo);
            self::removeTree($entry->getPathname());
        }
        rmdir($path);
    }
}
