<?php

declare(strict_types=1);

namespace Preheat\Inventory;

/**
 * Checks what FileInventory::fromArray() hands on unchecked from a cache entry: the lists of names and
 * path parts that no constructor's types cover. The rest (scalars, kinds, nested objects) PHP checks as
 * fromArray() builds them. An entry that fails is a cache miss (InventoryCache), not a crash later.
 */
final class CachedEntryShape
{
    /**
     * @param array<mixed> $entry
     *
     * @throws \UnexpectedValueException naming what is not as FileInventory::toArray() writes it
     */
    public static function check(array $entry): void
    {
        foreach ($entry['constants'] ?? [] as $name => $values) {
            if (!\is_string($name) || !\is_array($values)) {
                throw new \UnexpectedValueException('constants');
            }
            foreach ($values as $parts) {
                self::parts($parts);
            }
        }
        foreach ($entry['guardedIncludes'] ?? [] as $include) {
            self::strings($include['names'] ?? []);
            self::strings($include['prefixes'] ?? []);
            if (null !== ($include['parts'] ?? null)) {
                self::parts($include['parts']);
            }
        }
        foreach ([...self::list($entry['declarations']), ...self::list($entry['anonymous'])] as $declaration) {
            self::strings($declaration['interfaces'] ?? []);
            self::strings($declaration['traits'] ?? []);
            foreach ($declaration['methods'] ?? [] as $method) {
                foreach ($method['parameters'] ?? [] as $parameter) {
                    if (!\is_string($parameter['name'] ?? null)) {
                        throw new \UnexpectedValueException('a parameter without a name');
                    }
                    self::type($parameter['type'] ?? null);
                }
                self::type($method['returns'] ?? null);
                foreach ($method['byReference'] ?? [] as $position) {
                    if (!\is_int($position)) {
                        throw new \UnexpectedValueException('byReference');
                    }
                }
            }
            foreach ($declaration['properties'] ?? [] as $property) {
                self::type($property['type'] ?? null);
            }
            foreach ($declaration['constants'] ?? [] as $constant) {
                self::type($constant[1] ?? null);
            }
        }
    }

    /** @return array<mixed> */
    private static function list(mixed $value): array
    {
        return \is_array($value) ? $value : throw new \UnexpectedValueException('not a list');
    }

    private static function strings(mixed $value): void
    {
        foreach (self::list($value) as $name) {
            if (!\is_string($name)) {
                throw new \UnexpectedValueException('not a list of names');
            }
        }
    }

    /** A DeclaredType's terms: null, or a list of at least one name. */
    private static function type(mixed $terms): void
    {
        if (null !== $terms) {
            self::strings($terms);
            if ([] === $terms) {
                throw new \UnexpectedValueException('a type of no name');
            }
        }
    }

    /** StaticPath parts: pairs of strings. */
    private static function parts(mixed $parts): void
    {
        foreach (self::list($parts) as $part) {
            if (!\is_array($part) || !\is_string($part[0] ?? null) || !\is_string($part[1] ?? null)) {
                throw new \UnexpectedValueException('path parts');
            }
        }
    }
}
