<?php

declare(strict_types=1);

namespace Preheat\Plan;

use Preheat\Inventory\DeclaredType;

/**
 * PHP's variance rules on two declared types, as zend_perform_covariant_type_check() applies them: which
 * classes PHP loads to check that a narrower type fits a wider one, and whether it certainly cannot.
 */
final class TypeVariance
{
    /**
     * The classes PHP loads to check that $narrower fits $wider: every class U of the narrower type that the
     * wider type does not name, and (unless the wider type allows `object`) the wider type's classes to compare
     * U with; against `mixed` nothing. Intersections and DNF types: every class named on either side, unless
     * the two types are the same. $self (the class being linked) is there anyway.
     *
     * @return list<string>
     */
    public static function loads(DeclaredType $narrower, DeclaredType $wider, string $self): array
    {
        if ($narrower->terms === $wider->terms || ($wider->terms === ['mixed'] && !$narrower->allows('void'))) {
            return [];
        }
        $classes = array_values(
            array_filter($narrower->classNames(), static fn (string $name): bool => 0 !== strcasecmp($name, $self)),
        );
        if ([] === $classes || $narrower->sameAs($wider)) {
            return [];
        }
        $widerClasses = $wider->classNames();
        if ($narrower->hasIntersection() || $wider->hasIntersection()) {
            return self::without([...$classes, ...$widerClasses], $self);
        }
        $loads = [];
        foreach ($classes as $class) {
            if ([] !== array_filter($widerClasses, static fn (string $name): bool => 0 === strcasecmp($name, $class))) {
                continue;
            }
            $loads[] = $class;
            if (!$wider->allows('object')) {
                array_push($loads, ...$widerClasses);
            }
        }

        return self::without($loads, $self);
    }

    /**
     * Whether a return type certainly cannot fit the ancestor's, by PHP's rules (zend_perform_covariant_type_check):
     * no return type where the ancestor has one; a built-in type the ancestor does not allow (`bool` for `void`,
     * `?int` for `int`, anything but `void` for... `void`); a class where the ancestor allows no class at all.
     * Whatever needs a class looked up, or differs between PHP versions (`iterable`), or hangs on `static`,
     * is not judged here.
     */
    public static function cannotFit(?DeclaredType $child, DeclaredType $ancestor): bool
    {
        if (null === $child) {
            return true;
        }
        if ($child->terms === $ancestor->terms) {
            return false;
        }
        if ($child->hasIntersection() || $ancestor->hasIntersection()) {
            return false;
        }
        $allowed = self::builtins($ancestor);
        $given = self::builtins($child);
        if (isset($allowed['mixed'])) {
            return isset($given['void']);
        }
        if (isset($allowed['iterable']) || isset($given['iterable']) || isset($allowed['static'])) {
            return false;
        }
        $added = array_diff_key($given, $allowed);
        unset($added['static'], $added['never']);
        if ([] !== $added) {
            return true;
        }

        return [] !== $child->classNames() && [] === $ancestor->classNames() && !isset($allowed['object']);
    }

    /** @return array<string, true> the built-in types of a type (`bool` as `false` and `true`) */
    public static function builtins(DeclaredType $type): array
    {
        $builtins = [];
        foreach ($type->terms as $term) {
            if (!DeclaredType::isClassName($term) && !str_contains($term, '&')) {
                foreach ('bool' === $term ? ['false', 'true'] : [$term] as $builtin) {
                    $builtins[$builtin] = true;
                }
            }
        }

        return $builtins;
    }

    /**
     * @param list<string> $names
     *
     * @return list<string>
     */
    private static function without(array $names, string $self): array
    {
        $unique = [];
        foreach ($names as $name) {
            if (0 !== strcasecmp($name, $self)) {
                $unique[strtolower($name)] ??= $name;
            }
        }

        return array_values($unique);
    }
}
