<?php

declare(strict_types=1);

namespace Preheat\Inventory;

/**
 * One instance of each type, arity and parameter that analyses read back (from the parse cache, the content index
 * or a worker's result) hold: each file's analysis comes back apart, with the same few hundred types over and
 * over (30,000 files of the synthetic app: 450,000 types, 140,000 arities, each an object and an array or two). All
 * are immutable (readonly objects, arrays copied on write), so sharing them changes nothing but the memory. At most
 * MAX_KNOWN of each kind are remembered; past that, values are made as they come.
 */
final class SharedValues
{
    private const MAX_KNOWN = 100000;

    /** @var array<string, DeclaredType> */
    private static array $types = [];

    /** @var array<string, MethodArity> */
    private static array $arities = [];

    /** @var array<string, array{name: string, type: DeclaredType|null}> */
    private static array $parameters = [];

    private function __construct()
    {
    }

    /** @param non-empty-list<string> $terms */
    public static function type(array $terms): DeclaredType
    {
        $key = implode('|', $terms);
        if (isset(self::$types[$key])) {
            return self::$types[$key];
        }
        $type = new DeclaredType($terms);
        if (\count(self::$types) < self::MAX_KNOWN) {
            self::$types[$key] = $type;
        }

        return $type;
    }

    /** @param list<int> $byReference */
    public static function arity(bool $variadic, ?int $required, ?int $count, array $byReference): MethodArity
    {
        $key = ($variadic ? 'v' : '').$required.'/'.$count.'/'.implode(',', $byReference);
        if (isset(self::$arities[$key])) {
            return self::$arities[$key];
        }
        $arity = new MethodArity($variadic, $required, $count, $byReference);
        if (\count(self::$arities) < self::MAX_KNOWN) {
            self::$arities[$key] = $arity;
        }

        return $arity;
    }

    /**
     * A parameter as MethodSignature::$parameters holds it.
     *
     * @param non-empty-list<string>|null $terms its type's
     *
     * @return array{name: string, type: DeclaredType|null}
     */
    public static function parameter(string $name, ?array $terms): array
    {
        $key = $name."\0".(null === $terms ? '' : '*'.implode('|', $terms));
        if (isset(self::$parameters[$key])) {
            return self::$parameters[$key];
        }
        $parameter = ['name' => $name, 'type' => null === $terms ? null : self::type($terms)];
        if (\count(self::$parameters) < self::MAX_KNOWN) {
            self::$parameters[$key] = $parameter;
        }

        return $parameter;
    }
}
