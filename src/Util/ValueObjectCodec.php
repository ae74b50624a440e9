<?php

declare(strict_types=1);

namespace Preheat\Util;

/**
 * Turns a graph of Preheat's value objects into plain arrays and back, for what Preheat keeps on disk:
 * unserialize() of the plain form (allowed_classes false) creates no object, and decode() creates only
 * the classes its caller lists, never one that has a destructor or other magic a file could set off.
 *
 * In the plain form every object, enum and array is a tagged array: ['o' => class, 'p' => properties],
 * ['e' => enum, 'c' => case] and ['a' => elements], so that no array of the data can pass for an object.
 * Properties are set as declared, their types checked by PHP (in strict mode); a class, a property or a
 * value that does not fit is an UnexpectedValueException, for the caller to treat the data as absent.
 */
final class ValueObjectCodec
{
    /** Deeper than any value Preheat keeps; a deeper document is not one of them. */
    private const MAX_DEPTH = 32;

    /** Methods through which setting a property or dropping the object would run code. */
    private const MAGIC = ['__destruct', '__wakeup', '__unserialize', '__set', '__serialize', '__sleep'];

    /** @var array<class-string, true> */
    private readonly array $allowed;

    /** @var array<string, array{bool, string}|null> class::property => [a list?, element type]; null: unchecked */
    private array $elements = [];

    /** @param list<class-string> $allowed the only classes and enums decode() may create */
    public function __construct(array $allowed)
    {
        foreach ($allowed as $class) {
            foreach (self::MAGIC as $method) {
                if (method_exists($class, $method)) {
                    throw new \LogicException($class.' has '.$method.'(): it cannot be decoded safely');
                }
            }
        }
        $this->allowed = array_fill_keys($allowed, true);
    }

    /** @return array<mixed>|scalar|null */
    public function encode(mixed $value): mixed
    {
        if (\is_array($value)) {
            return ['a' => array_map($this->encode(...), $value)];
        }
        if ($value instanceof \UnitEnum) {
            return ['e' => $value::class, 'c' => $value->name];
        }
        if (\is_object($value)) {
            $properties = [];
            foreach ((new \ReflectionObject($value))->getProperties() as $property) {
                if (!$property->isStatic()) {
                    $properties[$property->getName()] = $this->encode($property->getValue($value));
                }
            }

            return ['o' => $value::class, 'p' => $properties];
        }
        if (\is_resource($value)) {
            throw new \LogicException('A resource cannot be encoded');
        }

        return $value;
    }

    /**
     * @template T of object
     *
     * @param class-string<T> $expected
     *
     * @return T
     *
     * @throws \UnexpectedValueException when the data is not a $expected as encode() writes it
     */
    public function decode(mixed $data, string $expected): object
    {
        $value = $this->value($data, 0);
        if (!$value instanceof $expected) {
            throw new \UnexpectedValueException('not a '.$expected);
        }

        return $value;
    }

    private function value(mixed $data, int $depth): mixed
    {
        if (!\is_array($data)) {
            if (\is_object($data)) {
                throw new \UnexpectedValueException('an object in the plain data');
            }

            return $data;
        }
        if ($depth > self::MAX_DEPTH) {
            throw new \UnexpectedValueException('nested too deep');
        }
        if (['a'] === array_keys($data) && \is_array($data['a'])) {
            return array_map(fn (mixed $element): mixed => $this->value($element, $depth + 1), $data['a']);
        }
        if (['e', 'c'] === array_keys($data) && \is_string($data['e']) && \is_string($data['c'])) {
            return $this->enumCase($data['e'], $data['c']);
        }
        if (['o', 'p'] === array_keys($data) && \is_string($data['o']) && \is_array($data['p'])) {
            return $this->object($data['o'], $data['p'], $depth);
        }
        throw new \UnexpectedValueException('an array that is not tagged');
    }

    private function enumCase(string $enum, string $case): \UnitEnum
    {
        if (!isset($this->allowed[$enum]) || !enum_exists($enum)) {
            throw new \UnexpectedValueException($enum.' is not an enum allowed here');
        }
        foreach ($enum::cases() as $candidate) {
            if ($candidate->name === $case) {
                return $candidate;
            }
        }
        throw new \UnexpectedValueException($enum.' has no case '.$case);
    }

    /** @param array<mixed> $properties */
    private function object(string $class, array $properties, int $depth): object
    {
        if (!isset($this->allowed[$class]) || !class_exists($class)) {
            throw new \UnexpectedValueException($class.' is not a class allowed here');
        }
        $reflection = new \ReflectionClass($class);
        $declared = array_values(array_filter(
            $reflection->getProperties(),
            static fn (\ReflectionProperty $property): bool => !$property->isStatic(),
        ));
        $names = array_map(static fn (\ReflectionProperty $property): string => $property->getName(), $declared);
        if (array_keys($properties) !== $names) {
            throw new \UnexpectedValueException($class.' with other properties than its own');
        }
        $values = [];
        foreach ($properties as $name => $encoded) {
            $values[$name] = $this->value($encoded, $depth + 1);
            if (\is_array($values[$name])) {
                $this->checkElements($reflection, (string) $name, $values[$name]);
            }
        }
        $object = $reflection->newInstanceWithoutConstructor();
        // Set from the class's own scope, as its constructor would: readonly properties allow nothing else.
        $initialize = \Closure::bind(function (array $values): void {
            foreach ($values as $name => $value) {
                $this->{$name} = $value;
            }
        }, $object, $class);
        try {
            $initialize($values);
        } catch (\TypeError|\Error $error) {
            throw new \UnexpectedValueException($class.': '.$error->getMessage(), 0, $error);
        }

        return $object;
    }

    /**
     * An array property's elements must be what its documented type says (`list<StartupMessage>`,
     * `array<string, string>`): PHP checks only that it is an array. Types more complex than one element
     * type are left unchecked.
     *
     * @param \ReflectionClass<object> $class
     * @param array<mixed>             $elements
     */
    private function checkElements(\ReflectionClass $class, string $property, array $elements): void
    {
        $key = $class->getName().'::'.$property;
        if (!\array_key_exists($key, $this->elements)) {
            $this->elements[$key] = $this->elementType($class, $property);
        }
        if (null === $this->elements[$key]) {
            return;
        }
        [$list, $type] = $this->elements[$key];
        if ($list && !array_is_list($elements)) {
            throw new \UnexpectedValueException($key.' is not a list');
        }
        foreach ($elements as $element) {
            $fits = match ($type) {
                'string' => \is_string($element),
                'int' => \is_int($element),
                'float' => \is_float($element),
                'bool' => \is_bool($element),
                'true' => true === $element,
                default => $element instanceof $type,
            };
            if (!$fits) {
                throw new \UnexpectedValueException($key.' holds a '.get_debug_type($element).', not a '.$type);
            }
        }
    }

    /**
     * The element type of an array property, from its `@var` or its constructor's `@param`: a scalar type, or
     * a class resolved among the allowed ones or in the class's namespace. Null when it says no single type.
     *
     * @param \ReflectionClass<object> $class
     *
     * @return array{bool, string}|null
     */
    private function elementType(\ReflectionClass $class, string $property): ?array
    {
        $documented = null;
        $reflection = $class->getProperty($property);
        if (1 === preg_match('{@var\s+(\S+(?:,\s*\S+)?)}', (string) $reflection->getDocComment(), $m)) {
            $documented = $m[1];
        } elseif ($reflection->isPromoted()) {
            $constructor = (string) $class->getConstructor()?->getDocComment();
            $pattern = '{@param\s+(\S+(?:,\s*\S+)?)\s+\$'.preg_quote($property).'\b}';
            $documented = 1 === preg_match($pattern, $constructor, $m) ? $m[1] : null;
        }
        if (null === $documented
            || 1 !== preg_match('{^(non-empty-)?(list|array)<(?:[^,<>]+,\s*)?([\w\\\\]+)>$}', $documented, $m)) {
            return null;
        }
        $list = 'list' === $m[2];
        if (\in_array($m[3], ['string', 'int', 'float', 'bool', 'true'], true)) {
            return [$list, $m[3]];
        }
        foreach (array_keys($this->allowed) as $allowed) {
            if ($allowed === $m[3] || str_ends_with($allowed, '\\'.$m[3])) {
                return [$list, $allowed];
            }
        }
        $relative = $class->getNamespaceName().'\\'.$m[3];

        return class_exists($relative) || interface_exists($relative) ? [$list, $relative] : null;
    }
}
