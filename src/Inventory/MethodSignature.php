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
     * @param bool                                               $abstract    also every method of an interface
     * @param bool                                               $variadic    the last parameter takes the rest
     * @param int|null                                           $required    how many arguments a call must pass
     *                                                                        (PHP's required_num_args); null when
     *                                                                        unknown
     * @param int|null                                           $count       how many parameters, the variadic one
     *                                                                        aside (PHP's num_args); null when unknown
     * @param list<int>                                          $byReference the positions of the parameters passed
     *                                                                        by reference
     */
    public function __construct(
        public readonly string $name,
        public readonly array $parameters,
        public readonly ?DeclaredType $returnType,
        public readonly bool $abstract = false,
        public readonly bool $private = false,
        public readonly bool $variadic = false,
        public readonly ?int $required = null,
        public readonly ?int $count = null,
        public readonly array $byReference = [],
        public readonly bool $static = false,
        public readonly bool $returnsReference = false,
        /** It has #[\Override]: from PHP 8.3 on, an ancestor must have a method of its name */
        public readonly bool $override = false,
    ) {
    }

    /** Whether the parameter at $index is passed by reference (a variadic one stands for the rest). */
    public function passesByReference(int $index): bool
    {
        if (null !== $this->count && $this->variadic && $index > $this->count) {
            $index = $this->count;
        }

        return \in_array($index, $this->byReference, true);
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
            'parameters' => array_map(
                static fn (array $p): array => ['name' => $p['name'], 'type' => $p['type']?->terms],
                $this->parameters,
            ),
            'returns' => $this->returnType?->terms,
            'abstract' => $this->abstract,
            'private' => $this->private,
            'variadic' => $this->variadic,
            'required' => $this->required,
            'count' => $this->count,
            'byReference' => $this->byReference,
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
            $parameters[] = ['name' => $p['name'], 'type' => null === $p['type'] ? null : new DeclaredType($p['type'])];
        }

        return new self(
            $data['name'],
            $parameters,
            null === ($data['returns'] ?? null) ? null : new DeclaredType($data['returns']),
            $data['abstract'] ?? false,
            $data['private'] ?? false,
            $data['variadic'] ?? false,
            $data['required'] ?? null,
            $data['count'] ?? null,
            array_values($data['byReference'] ?? []),
            $data['static'] ?? false,
            $data['returnsReference'] ?? false,
            $data['override'] ?? false,
        );
    }
}
