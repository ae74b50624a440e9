<?php

declare(strict_types=1);

namespace Preheat\Config;

use Preheat\ConfigError;

/**
 * One object of preheat.json, checked as it is read: its keys against ConfigKeys (an unknown one named with the
 * closest known), each value against the type asked for. Every message names the file and the key's full path.
 */
final class ConfigSection
{
    /**
     * @param string       $path the object's path from the top, dotted: bench.worker ('' for the top)
     * @param array<mixed> $data
     */
    public function __construct(
        public readonly string $file,
        public readonly string $path,
        public readonly array $data,
    ) {
    }

    public function has(string $key): bool
    {
        return \array_key_exists($key, $this->data);
    }

    /** The value as decoded, unchecked, for the settings whose reading is their own (pages, scenarios). */
    public function raw(string $key, mixed $default = null): mixed
    {
        return $this->data[$key] ?? $default;
    }

    /** The full path of one of this object's keys, as messages name it. */
    public function keyPath(string $key): string
    {
        return ('' === $this->path ? '' : $this->path.'.').$key;
    }

    /**
     * A member object, its keys checked: those ConfigKeys lists under it, or $known when a registry gives them.
     *
     * @param list<string>|null $known
     */
    public function section(string $key, ?array $known = null): self
    {
        $member = $this->object($key);
        $member->checkKeys($known ?? ConfigKeys::under($member->path));

        return $member;
    }

    /** A member object whose keys are not checked here: a command reads a few of them, another checks them all. */
    public function object(string $key): self
    {
        $object = $this->data[$key] ?? [];
        if (!\is_array($object) || (array_is_list($object) && [] !== $object)) {
            throw ConfigError::invalid($this->file.' key '.$this->keyPath($key), $object, 'expected an object');
        }

        return new self($this->file, $this->keyPath($key), $object);
    }

    /**
     * Every key of this object is one of $known, else the message names the closest.
     *
     * @param list<string> $known
     * @param array<mixed> $data  an object inside this one, under $path (an entry of a list)
     */
    public function checkKeys(array $known, ?array $data = null, ?string $path = null): void
    {
        $prefix = ($path ?? $this->path).('' === ($path ?? $this->path) ? '' : '.');
        foreach (array_keys($data ?? $this->data) as $key) {
            if (!\in_array($key, $known, true)) {
                $error = ConfigError::unknownKey(
                    $this->file,
                    $prefix.$key,
                    array_map(static fn (string $k): string => $prefix.$k, $known),
                );
                throw $error;
            }
        }
    }

    public function string(string $key, string $default): string
    {
        return $this->optionalString($key) ?? $default;
    }

    public function optionalString(string $key): ?string
    {
        $value = $this->typed($key, 'string');

        return \is_string($value) ? $value : null;
    }

    public function integer(string $key, int $default): int
    {
        return $this->optionalInteger($key) ?? $default;
    }

    public function optionalInteger(string $key): ?int
    {
        $value = $this->typed($key, 'integer');

        return \is_int($value) ? $value : null;
    }

    public function bool(string $key, bool $default): bool
    {
        $value = $this->typed($key, 'bool');

        return \is_bool($value) ? $value : $default;
    }

    /** A number, whole or not: $expected says what it is in the message when it is not one. */
    public function number(string $key, float $default, string $expected = 'a number of seconds'): float
    {
        return $this->optionalNumber($key, $expected) ?? $default;
    }

    public function optionalNumber(string $key, string $expected = 'a number of seconds'): ?float
    {
        if (!$this->has($key)) {
            return null;
        }
        $value = $this->data[$key];
        if (!\is_int($value) && !\is_float($value)) {
            throw ConfigError::invalid($this->file.' key '.$this->keyPath($key), $value, 'expected '.$expected);
        }

        return (float) $value;
    }

    /** A number above 0: the points of the width of an interval. */
    public function precision(string $key, float $default): float
    {
        if (!$this->has($key)) {
            return $default;
        }
        $value = $this->data[$key];
        if ((!\is_int($value) && !\is_float($value)) || $value <= 0) {
            $error = ConfigError::invalid(
                $this->file.' key '.$this->keyPath($key),
                $value,
                'expected a number of points above 0, e.g. 2 for ±2 %',
            );
            throw $error;
        }

        return (float) $value;
    }

    /** A length of time: a number of seconds, or text such as "240s", "4m", "1m30s". */
    public function duration(string $key, float $default): float
    {
        if (!$this->has($key)) {
            return $default;
        }
        $value = $this->data[$key];
        $seconds = match (true) {
            \is_int($value), \is_float($value) => (float) $value,
            \is_string($value) => Duration::seconds($value),
            default => null,
        };
        if (null === $seconds || $seconds < 0) {
            $error = ConfigError::invalid(
                $this->file.' key '.$this->keyPath($key),
                $value,
                'expected seconds or a duration such as "240s", "4m" or "1m30s" (0 or more)',
            );
            throw $error;
        }

        return $seconds;
    }

    /** @return list<string> */
    public function stringList(string $key): array
    {
        $list = $this->data[$key] ?? [];
        if (!\is_array($list) || !array_is_list($list) || [] !== array_filter(
            $list,
            static fn ($v): bool => !\is_string($v),
        )) {
            throw ConfigError::invalid($this->file.' key '.$this->keyPath($key), $list, 'expected a list of strings');
        }

        return $list;
    }

    /** The value when it has the type (null when the key is not given), else the message says which it needs. */
    private function typed(string $key, string $type): mixed
    {
        if (!$this->has($key)) {
            return null;
        }
        $value = $this->data[$key];
        if (get_debug_type($value) !== ('integer' === $type ? 'int' : $type)) {
            throw ConfigError::invalid($this->file.' key '.$this->keyPath($key), $value, 'expected '.match ($type) {
                'integer' => 'a whole number', 'bool' => 'true or false', default => 'a '.$type,
            });
        }

        return $value;
    }
}
