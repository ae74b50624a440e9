<?php

declare(strict_types=1);

namespace Preheat\Inventory;

/**
 * What PHP compares when a method overrides or implements an ancestor's: the types of its parameters
 * and its return type. Parameters are recorded only when one of their types can name a class (see SignatureReader).
 */
final class MethodSignature
{
    /**
     * @param list<array{name: string, type: DeclaredType|null}> $parameters
     * @param bool                                               $abstract   also every method of an interface
     * @param bool                                               $variadic   the last parameter takes the rest
     */
    public function __construct(
        public readonly string $name,
        public readonly array $parameters,
        public readonly ?DeclaredType $returnType,
        public readonly bool $abstract = false,
        public readonly bool $private = false,
        public readonly bool $variadic = false,
    ) {
    }

    /**
     * The parameter PHP compares at position $index: past the end, a variadic parameter stands for the rest.
     *
     * @return array{name: string, type: DeclaredType|null}|null
     */
    public function parameterAt(int $index): ?array
    {
        if ($index < \count($this->parameters)) {
            return $this->parameters[$index];
        }

        return $this->variadic && [] !== $this->parameters ? $this->parameters[\count($this->parameters) - 1] : null;
    }

    /** @return array<string, mixed> */
    public function toArray(): array
    {
        return array_filter([
            'name' => $this->name,
            'parameters' => array_map(static fn (array $p): array => ['name' => $p['name'], 'type' => $p['type']?->terms], $this->parameters),
            'returns' => $this->returnType?->terms,
            'abstract' => $this->abstract,
            'private' => $this->private,
            'variadic' => $this->variadic,
        ], static fn ($value): bool => null !== $value && false !== $value && [] !== $value);
    }

    /** @param array<string, mixed> $data */
    public static function fromArray(array $data): self
    {
        return new self(
            $data['name'],
            array_values(array_map(static fn (array $p): array => ['name' => $p['name'], 'type' => null === $p['type'] ? null : new DeclaredType($p['type'])], $data['parameters'] ?? [])),
            null === ($data['returns'] ?? null) ? null : new DeclaredType($data['returns']),
            $data['abstract'] ?? false,
            $data['private'] ?? false,
            $data['variadic'] ?? false,
        );
    }
}
