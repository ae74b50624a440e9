<?php

declare(strict_types=1);

namespace Preheat\Doctor\Profile;

/** One php-fpm pool as its file declares it: the process manager, its workers, and the PHP values it sets. */
final class PoolConfig
{
    /**
     * @param array<string, string> $values directive => value, as written (php_admin_value[memory_limit] included)
     * @param array<string, int>    $lines  directive => line number
     */
    public function __construct(
        public readonly string $file,
        public readonly string $name,
        public readonly array $values,
        public readonly array $lines = [],
    ) {
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
            $this->file,
            $line,
            null === $line ? null : $directive.' = '.($this->values[$directive] ?? ''),
        );
    }
}
