<?php

declare(strict_types=1);

namespace Preheat\Tests\Support;

/**
 * Files in memory (a stream wrapper: stream_wrapper_register('preheat-counted', CountedFiles::class)) that count
 * how often they are opened; their stat keeps the same ctime until $changed grows.
 */
final class CountedFiles
{
    /** @var array<string, string> */
    public static array $files = [];

    public static int $opened = 0;

    public static int $changed = 0;

    /** @var resource|null set by PHP */
    public $context;

    private string $content = '';

    private int $position = 0;

    public function stream_open(string $path, string $mode): bool
    {
        if (!isset(self::$files[$path])) {
            return false;
        }
        ++self::$opened;
        $this->content = self::$files[$path];

        return true;
    }

    public function stream_read(int $count): string
    {
        $read = substr($this->content, $this->position, $count);
        $this->position += \strlen($read);

        return $read;
    }

    public function stream_eof(): bool
    {
        return $this->position >= \strlen($this->content);
    }

    /** @return array<string, int> */
    public function stream_stat(): array
    {
        return ['mode' => 0o100644, 'size' => \strlen($this->content)];
    }

    /** @return array<string, int>|false */
    public function url_stat(string $path, int $flags): array|false
    {
        return isset(self::$files[$path])
            ? ['mode' => 0o100644, 'size' => \strlen(self::$files[$path]), 'ctime' => self::$changed, 'ino' => 1]
            : false;
    }
}
