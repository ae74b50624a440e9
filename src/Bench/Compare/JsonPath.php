<?php

declare(strict_types=1);

namespace Preheat\Bench\Compare;

/**
 * A value in a decoded JSON document with where it is (scenarios[1].runs[0].round), so that a value of the
 * wrong type is named in the error with its file and place.
 */
final class JsonPath
{
    public function __construct(
        private readonly string $file,
        private readonly string $path,
        private readonly mixed $value,
    ) {
    }

    public function has(string $key): bool
    {
        return \is_array($this->value) && \array_key_exists($key, $this->value);
    }

    public function isNull(): bool
    {
        return null === $this->value;
    }

    public function key(string $key): self
    {
        $this->object();
        \assert(\is_array($this->value));
        if (!\array_key_exists($key, $this->value)) {
            $this->fail(\sprintf('has no "%s"', $key));
        }

        return new self($this->file, ('' === $this->path ? '' : $this->path.'.').$key, $this->value[$key]);
    }

    /** @return list<self> */
    public function list(): array
    {
        if (!\is_array($this->value) || !array_is_list($this->value)) {
            $this->fail('is not a list');
        }
        $items = [];
        foreach ($this->value as $index => $item) {
            $items[] = new self($this->file, \sprintf('%s[%d]', $this->path, $index), $item);
        }

        return $items;
    }

    public function object(): void
    {
        if (!\is_array($this->value) || ([] !== $this->value && array_is_list($this->value))) {
            $this->fail('is not an object');
        }
    }

    public function string(): string
    {
        if (!\is_string($this->value)) {
            $this->fail('is not a string');
        }

        return $this->value;
    }

    public function nullableString(): ?string
    {
        return null === $this->value ? null : $this->string();
    }

    public function int(): int
    {
        if (!\is_int($this->value)) {
            $this->fail('is not a whole number');
        }

        return $this->value;
    }

    public function nullableInt(): ?int
    {
        return null === $this->value ? null : $this->int();
    }

    public function number(): float
    {
        if (!\is_int($this->value) && !\is_float($this->value)) {
            $this->fail('is not a number');
        }

        return (float) $this->value;
    }

    public function nullableNumber(): ?float
    {
        return null === $this->value ? null : $this->number();
    }

    public function bool(): bool
    {
        if (!\is_bool($this->value)) {
            $this->fail('is not true or false');
        }

        return $this->value;
    }

    /** @throws CompareError */
    public function fail(string $what): never
    {
        throw CompareError::unreadable(
            $this->file,
            \sprintf('%s %s, so it is not a bench report this version can read', '' === $this->path
                ? 'the document'
                : $this->path, $what),
        );
    }
}
