<?php

declare(strict_types=1);

namespace Preheat\Inventory;

/**
 * A class-like or function declared in a file, with what it needs to link.
 * Names are fully qualified, without a leading backslash.
 */
final class Declaration
{
    /**
     * @param list<string>          $interfaces
     * @param list<string>          $traits
     * @param list<MethodSignature> $methods    the methods whose types can make PHP load a class when it links this one
     */
    public function __construct(
        public readonly DeclarationKind $kind,
        public readonly string $name,
        public readonly int $line,
        public readonly ?string $parent = null,
        public readonly array $interfaces = [],
        public readonly array $traits = [],
        public readonly array $methods = [],
        /** A readonly class: PHP links it only to a readonly parent, and a readonly class only to it */
        public readonly bool $readonly = false,
        /** @var list<PropertySignature> the properties a child inherits (not private) */
        public readonly array $properties = [],
        /** @var list<ConstantSignature> its class constants, private ones aside */
        public readonly array $constants = [],
    ) {
    }

    /**
     * What must already be in the class table for this class to link.
     *
     * @return list<string>
     */
    public function linkDependencies(): array
    {
        $names = null === $this->parent ? [] : [$this->parent];

        return [...$names, ...$this->interfaces, ...$this->traits];
    }

    /**
     * The role a dependency plays, for messages ("parent", "interface", "trait").
     */
    public function roleOf(string $dependency): string
    {
        if (null !== $this->parent && 0 === strcasecmp($this->parent, $dependency)) {
            return 'parent';
        }
        foreach ($this->traits as $trait) {
            if (0 === strcasecmp($trait, $dependency)) {
                return 'trait';
            }
        }

        return 'interface';
    }

    /** @return array<string, mixed> */
    public function toArray(): array
    {
        return array_filter([
            'kind' => $this->kind->value,
            'name' => $this->name,
            'line' => $this->line,
            'parent' => $this->parent,
            'interfaces' => $this->interfaces,
            'traits' => $this->traits,
            'methods' => array_map(static fn (MethodSignature $m): array => $m->toArray(), $this->methods),
            'readonly' => $this->readonly,
            'properties' => array_map(static fn (PropertySignature $p): array => $p->toArray(), $this->properties),
            'constants' => array_map(static fn (ConstantSignature $c): array => $c->toArray(), $this->constants),
        ], static fn ($value): bool => null !== $value && [] !== $value && false !== $value);
    }

    /** @param array<string, mixed> $data */
    public static function fromArray(array $data): self
    {
        // Loops, not array_map: a warm run hydrates every declared class and its signatures from the cache.
        $methods = [];
        foreach ($data['methods'] ?? [] as $method) {
            $methods[] = MethodSignature::fromArray($method);
        }
        $properties = [];
        foreach ($data['properties'] ?? [] as $property) {
            $properties[] = PropertySignature::fromArray($property);
        }
        $constants = [];
        foreach ($data['constants'] ?? [] as $constant) {
            $constants[] = ConstantSignature::fromArray($constant);
        }

        return new self(
            DeclarationKind::from($data['kind']),
            $data['name'],
            $data['line'],
            $data['parent'] ?? null,
            $data['interfaces'] ?? [],
            $data['traits'] ?? [],
            $methods,
            $data['readonly'] ?? false,
            $properties,
            $constants,
        );
    }
}
