<?php

declare(strict_types=1);

namespace Preheat\Config;

/** The values of the settings extensions declare (IntegerSetting), as the run got them; a default where none. */
final class IntegerSettings
{
    /** @param array<string, array{IntegerSetting, int}> $values by key */
    public function __construct(private readonly array $values = [])
    {
    }

    public function with(IntegerSetting $setting, int $value): self
    {
        return new self(array_merge($this->values, [$setting->key => [$setting, $value]]));
    }

    /** The value of $setting: the one given, else its default. */
    public function of(IntegerSetting $setting): int
    {
        return $this->values[$setting->key][1] ?? $setting->default;
    }

    /** @return list<array{IntegerSetting, int}> every setting given, with its value */
    public function all(): array
    {
        return array_values($this->values);
    }
}
