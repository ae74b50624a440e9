<?php

declare(strict_types=1);

namespace Preheat\Plan;

use Preheat\Inventory\Declaration;
use Preheat\Inventory\PropertySignature;

/**
 * The properties and class constants of a class against its ancestors', as zend_do_inheritance() checks
 * them when PHP links the class: what each check loads, and what PHP refuses whatever is loaded (judged only
 * against ancestors in the scanned code).
 */
final class MemberCompatibility
{
    public function __construct(private readonly AncestorTables $tables)
    {
    }

    /**
     * Properties, as PHP 8.4 checks them (zend_do_inheritance's property checks, hooks as methods): a property
     * the class declares (itself or from a trait) against the parent's property of that name (unless private)
     * and that of each interface it adds; one inherited from the parent against the interfaces it adds. Where
     * the ancestor's property can be read, the class's type must fit it (PHP loads as for a return type);
     * where it can be written, the ancestor's type must fit the class's (as for a parameter type).
     *
     * @param list<string> $added the interfaces the class adds (not the parent's)
     */
    public function checkProperties(Declaration $class, array $added, LinkFindings $findings): void
    {
        $own = $this->tables->ownProperties($class);
        $parentTable = null === $class->parent ? [] : $this->tables->properties($class->parent);
        $pairs = [];
        foreach ($own as $key => $property) {
            if (isset($parentTable[$key])) {
                $pairs[] = [$property, $class->name, $parentTable[$key]];
            }
        }
        $properties = [...$parentTable, ...$own];
        $interfaceTables = [] === $properties ? [] : array_map(
            fn (string $interface): array => $this->tables->properties($interface),
            $added,
        );
        foreach ($properties as $key => $entry) {
            [$property, $owner] = $entry instanceof PropertySignature ? [$entry, $class->name] : $entry;
            foreach ($interfaceTables as $interfaceTable) {
                $declared = $interfaceTable[$key] ?? null;
                if (null !== $declared) {
                    $pairs[] = [$property, $owner, $declared];
                }
            }
        }
        foreach ($pairs as [$property, $owner, [$declared, $declaredIn]]) {
            $subject = \sprintf('%s::$%s', $owner, $property->name);
            $against = \sprintf('%s::$%s', $declaredIn, $declared->name);
            if (!$findings->refused() && null !== $this->tables->scanned($declaredIn)) {
                $findings->refuse(self::propertyConflict($property, $declared, $subject, $against));
            }
            if (null === $property->type || null === $declared->type) {
                continue;
            }
            $loads = [
                ...($declared->readable ? TypeVariance::loads($property->type, $declared->type, $class->name) : []),
                ...($declared->writable ? TypeVariance::loads($declared->type, $property->type, $class->name) : []),
            ];
            if ([] !== $loads) {
                $findings->load(
                    $loads,
                    \sprintf('%s: %s against %s: %s', $subject, $property->type, $against, $declared->type),
                );
            }
        }
    }

    /**
     * Class constants the class declares against those of its parent (and the parent's ancestors) and of the
     * interfaces it adds, as do_inherit_constant_check() checks them: a final one cannot be redeclared
     * (PHP refuses the class); a typed one (PHP 8.3) only with a type that fits, covariantly: none, or a
     * built-in type the ancestor's does not allow, is refused; where the types differ PHP loads the classes
     * named, as for a return type.
     *
     * @param list<string> $added the interfaces the class adds (not the parent's)
     */
    public function checkConstants(Declaration $class, array $added, LinkFindings $findings): void
    {
        if ([] === $class->constants) {
            return;
        }
        $tables = [];
        if (null !== $class->parent) {
            $tables[] = $this->tables->constants($class->parent);
        }
        foreach ($added as $interface) {
            $tables[] = $this->tables->constants($interface);
        }
        foreach ($class->constants as $constant) {
            foreach ($tables as $table) {
                $entry = $table[$constant->name] ?? null;
                if (null === $entry) {
                    continue;
                }
                [$declared, $declaredIn] = $entry;
                $subject = $class->name.'::'.$constant->name;
                $against = $declaredIn.'::'.$declared->name;
                $known = null !== $this->tables->scanned($declaredIn);
                if ($known && !$findings->refused() && $declared->final) {
                    $findings->refuse(\sprintf(
                        '%s overrides the final constant %s: PHP refuses to link the class',
                        $subject,
                        $against,
                    ));
                }
                if (null === $declared->type) {
                    continue;
                }
                if ($known && !$findings->refused() && TypeVariance::cannotFit($constant->type, $declared->type)) {
                    $findings->refuse(\sprintf(
                        '%s is %s, which cannot fit %s: %s: PHP refuses to link the class',
                        $subject,
                        null === $constant->type ? 'untyped' : 'of type '.$constant->type,
                        $against,
                        $declared->type,
                    ));
                }
                if (null !== $constant->type) {
                    $loads = TypeVariance::loads($constant->type, $declared->type, $class->name);
                    if ([] !== $loads) {
                        $findings->load(
                            $loads,
                            \sprintf('%s: %s against %s: %s', $subject, $constant->type, $against, $declared->type),
                        );
                    }
                }
            }
        }
    }

    /**
     * Why PHP refuses a property redeclared against an ancestor's, whatever the classes its type names: static on
     * one side only, readonly on one side only, a type on one side only, or built-in types that cannot fit (the
     * property's must be the ancestor's where the ancestor's is read and written: `int` for `int`; only what
     * can be read may narrow, only what can be written widen).
     */
    public static function propertyConflict(
        PropertySignature $property,
        PropertySignature $declared,
        string $subject,
        string $against,
    ): ?string {
        $refused = ': PHP refuses to link the class';
        foreach (['static' => 'static', 'readonly' => 'readonly'] as $flag => $word) {
            if ($property->$flag !== $declared->$flag) {
                return \sprintf(
                    '%s is %s, while %s is %s%s',
                    $subject,
                    $property->$flag ? $word : 'not '.$word,
                    $against,
                    $declared->$flag ? $word : 'not '.$word,
                    $refused,
                );
            }
        }
        if ((null === $property->type) !== (null === $declared->type)) {
            return null === $property->type
                ? \sprintf('%s has no type, while %s is %s%s', $subject, $against, $declared->type, $refused)
                : \sprintf('%s is %s, while %s has no type%s', $subject, $property->type, $against, $refused);
        }
        if (null === $property->type || null === $declared->type) {
            return null;
        }
        if (
            ($declared->readable && TypeVariance::cannotFit($property->type, $declared->type))
            || ($declared->writable && TypeVariance::cannotFit($declared->type, $property->type))
        ) {
            return \sprintf(
                '%s is %s, which cannot fit %s: %s%s',
                $subject,
                $property->type,
                $against,
                $declared->type,
                $refused,
            );
        }

        return null;
    }
}
