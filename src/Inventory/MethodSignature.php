<?php

declare(strict_types=1);

namespace Preheat\Inventory;

/**
 * What PHP compares when a method overrides or implements an ancestor's: the types of its parameters
 * and its return type, and the arity PHP checks (required arguments, by reference, static).
 */
final class MethodSignature
{
    /**
     * @param list<array{name: string, type: DeclaredType|null}> $parameters
     * @param bool                                               $abstract   also every method of an interface
     */
    public function __construct(
        public readonly string $name,
        public readonly array $parameters,
        public readonly ?DeclaredType $returnType,
        public readonly bool $abstract = false,
        public readonly bool $private = false,
        public readonly MethodArity $arity = new MethodArity(),
        public readonly bool $static = false,
        public readonly bool $returnsReference = false,
        /** It has #[\Override]: from PHP 8.3 on, an ancestor must have a method of its name */
        public readonly bool $override = false,
    ) {
    }

    /** Whether the parameter at $index is passed by reference (a variadic one stands for the rest). */
    public function passesByReference(int $index): bool
    {
        $arity = $this->arity;
        if (null !== $arity->count && $arity->variadic && $index > $arity->count) {
            $index = $arity->count;
        }

        return \in_array($index, $arity->byReference, true);
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

        return $this->arity->variadic && [] !== $this->parameters
            ? $this->parameters[\count($this->parameters) - 1]
            : null;
    }

    /** @return array<string, mixed> */
    public function toArray(): array
    {
        return array_filter([
            'name' => $this->name,
            'parameters' => array_map(
                static fn (array $p): array => ['name' => $p['name'], 'type' => $p['type']?->terms],
                $this->parameters,
            ),
            'returns' => $this->returnType?->terms,
            'abstract' => $this->abstract,
            'private' => $this->private,
            'variadic' => $this->arity->variadic,
            'required' => $this->arity->required,
            'count' => $this->arity->count,
            'byReference' => $this->arity->byReference,
            'static' => $this->static,
            'returnsReference' => $this->returnsReference,
            'override' => $this->override,
        ], static fn ($value): bool => null !== $value && false !== $value && [] !== $value);
    }

    /** @param array<string, mixed> $data */
    public static function fromArray(array $data): self
    {
        // A loop, not array_map with a closure: a warm run hydrates some 30,000 of these from the cache.
        $parameters = [];
        foreach ($data['parameters'] ?? [] as $p) {
            $parameters[] = SharedValues::parameter($p['name'], $p['type']);
        }

        return new self(
            name: $data['name'],
            parameters: $parameters,
            returnType: null === ($data['returns'] ?? null) ? null : SharedValues::type($data['returns']),
            abstract: $data['abstract'] ?? false,
            private: $data['private'] ?? false,
            arity: SharedValues::arity(
                $data['variadic'] ?? false,
                $data['required'] ?? null,
                $data['count'] ?? null,
                array_values($data['byReference'] ?? []),
            ),
            static: $data['static'] ?? false,
            returnsReference: $data['returnsReference'] ?? false,
            override: $data['override'] ?? false,
        );
    }
}
