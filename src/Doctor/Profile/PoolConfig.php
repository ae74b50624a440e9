<?php

declare(strict_types=1);

namespace Preheat\Doctor\Profile;

use Preheat\Php\Fpm\FpmPool;

/** One php-fpm pool as its file declares it: the process manager, its workers, and the PHP values it sets. */
final class PoolConfig
{
    /**
     * @param array<string, string> $values directive => value, as written (php_admin_value[memory_limit] included)
     * @param array<string, int>    $lines  directive => line number
     * @param array<string, string> $files  directive => the file that sets it, when not $file (a pool's section
     *                                      continued in another file, as the official image's zz-docker.conf does)
     */
    public function __construct(
        public readonly string $file,
        public readonly string $name,
        public readonly array $values,
        public readonly array $lines = [],
        public readonly array $files = [],
    ) {
    }

    /** The pool as php-fpm reads it, each directive with the file and line that set it last. */
    public static function of(FpmPool $pool): self
    {
        $values = [];
        $lines = [];
        $files = [];
        foreach ($pool->directives as $directive) {
            $values[$directive->name] = $directive->value;
            unset($lines[$directive->name], $files[$directive->name]);
            if (null !== $directive->line) {
                $lines[$directive->name] = $directive->line;
            }
            if (null !== $directive->file && $directive->file !== $pool->file) {
                $files[$directive->name] = $directive->file;
            }
        }

        return new self($pool->file, $pool->name, $values, $lines, $files);
    }

    public function pm(): string
    {
        return $this->values['pm'] ?? 'dynamic';
    }

    public function maxChildren(): ?int
    {
        $value = $this->values['pm.max_children'] ?? null;

        return null === $value || !is_numeric($value) ? null : (int) $value;
    }

    /** A PHP setting the pool overrides (php_admin_value[...] or php_value[...]); null when it does not. */
    public function phpValue(string $setting): ?string
    {
        return $this->values['php_admin_value['.$setting.']'] ?? $this->values['php_value['.$setting.']'] ?? null;
    }

    public function locate(string $directive): SettingLocation
    {
        $line = $this->lines[$directive] ?? null;

        return new SettingLocation(
            $directive,
            $this->files[$directive] ?? $this->file,
            $line,
            null === $line ? null : $directive.' = '.($this->values[$directive] ?? ''),
        );
    }
}
