<?php

declare(strict_types=1);

namespace Preheat\Inventory;

/**
 * What PHP compares when a property redeclares an ancestor's (a parent's, or an interface's since PHP 8.4):
 * static or not, readonly or not, and its type, read through its get hook and written through its set hook
 * (one side typed and the other not cannot link). A property that can be both read and written keeps its
 * type exactly (invariant); one that can only be read (a virtual property with a get hook only, an abstract
 * `{ get; }`) may narrow it (covariant), one that can only be written may widen it. Where the types differ,
 * PHP loads the classes they name to compare them, as for a method's.
 */
final class PropertySignature
{
    public function __construct(
        public readonly string $name,
        public readonly ?DeclaredType $type,
        public readonly bool $readable = true,
        public readonly bool $writable = true,
        public readonly bool $static = false,
        public readonly bool $readonly = false,
    ) {
    }

    /** @return array<string, mixed> */
    public function toArray(): array
    {
        return array_filter([
            'name' => $this->name,
            'type' => $this->type?->terms,
            'readable' => $this->readable ? null : false,
            'writable' => $this->writable ? null : false,
            'static' => $this->static ? true : null,
            'readonly' => $this->readonly ? true : null,
        ], static fn ($value): bool => null !== $value);
    }

    /** @param array<string, mixed> $data */
    public static function fromArray(array $data): self
    {
        return new self(
            $data['name'],
            isset($data['type']) ? SharedValues::type($data['type']) : null,
            $data['readable'] ?? true,
            $data['writable'] ?? true,
            $data['static'] ?? false,
            $data['readonly'] ?? false,
        );
    }
}
