<?php

declare(strict_types=1);

namespace Preheat\Plan;

use Preheat\Inventory\DeclaredType;
use Preheat\Inventory\MethodSignature;

/**
 * Why PHP refuses an override whatever the classes its types name, by zend_do_perform_implementation_check():
 * the method's shape (static or not, arguments, variadic, by reference) and its parameters' built-in types
 * against the ancestor method's.
 */
final class OverrideArity
{
    /**
     * More required arguments than the ancestor's, a parameter of the ancestor's left out (a variadic one
     * stands for the rest on either side), a variadic method made non-variadic, a parameter passed by
     * reference on one side only, a reference returned by the ancestor only, static on one side only.
     * Adding optional parameters, or requiring fewer, is fine. Null when it fits, or when the arity of either
     * side is unknown (a cache written before it was recorded, a built-in ancestor).
     */
    public static function conflict(
        MethodSignature $method,
        MethodSignature $declared,
        string $subject,
        string $against,
        string $declaredIn,
    ): ?string {
        if (
            null === $method->arity->required
            || null === $method->arity->count
            || null === $declared->arity->required
            || null === $declared->arity->count
        ) {
            return null;
        }
        $refused = \sprintf(': PHP refuses to link the class (written for another version of %s?)', $declaredIn);
        if ($method->static !== $declared->static) {
            return \sprintf(
                '%s is %s, while %s is %s%s',
                $subject,
                $method->static ? 'static' : 'not static',
                $against,
                $declared->static ? 'static' : 'not static',
                $refused,
            );
        }
        if ($declared->arity->required < $method->arity->required) {
            return \sprintf(
                '%s requires %d argument(s), more than the %d of %s%s',
                $subject,
                $method->arity->required,
                $declared->arity->required,
                $against,
                $refused,
            );
        }
        if ($declared->returnsReference && !$method->returnsReference) {
            return \sprintf('%s does not return a reference, while %s does%s', $subject, $against, $refused);
        }
        if ($declared->arity->variadic && !$method->arity->variadic) {
            return \sprintf('%s is not variadic, while %s is%s', $subject, $against, $refused);
        }
        $ancestorCount = $declared->arity->count + ($declared->arity->variadic ? 1 : 0);
        $count = $method->arity->count + ($method->arity->variadic ? 1 : 0);
        for ($index = 0; $index < max($ancestorCount, $count); ++$index) {
            $inAncestor = $index < $ancestorCount || $declared->arity->variadic;
            if (!$inAncestor) {
                continue; // a parameter added (optional, as checked above)
            }
            if ($index >= $count && !$method->arity->variadic) {
                return \sprintf(
                    '%s takes %d parameter(s), fewer than the %d of %s%s',
                    $subject,
                    $count,
                    $ancestorCount,
                    $against,
                    $refused,
                );
            }
            $type = self::parameterTypeConflict($method->parameterAt($index), $declared->parameterAt($index), $against);
            if (null !== $type) {
                return \sprintf('%s parameter %d %s%s', $subject, $index + 1, $type, $refused);
            }
            if ($method->passesByReference($index) !== $declared->passesByReference($index)) {
                return \sprintf(
                    '%s passes parameter %d by %s, while %s passes it by %s%s',
                    $subject,
                    $index + 1,
                    $method->passesByReference($index) ? 'reference' : 'value',
                    $against,
                    $declared->passesByReference($index) ? 'reference' : 'value',
                    $refused,
                );
            }
        }

        return null;
    }

    /**
     * How a parameter's type certainly fails to accept all that the ancestor's accepts (parameter types are
     * contravariant), judged only between built-in types: a type where the ancestor has none, or built-in
     * types the ancestor allows and the parameter does not (`int` for `int|string`, `int` for `?int`). A
     * parameter without a type, or `mixed`, accepts everything; whatever names a class, `object`, `iterable`,
     * `static` or an intersection is left to PHP (the fix rounds). Null when it fits or is not judged.
     *
     * @param array{name: string, type: DeclaredType|null}|null $parameter
     * @param array{name: string, type: DeclaredType|null}|null $ancestor
     */
    private static function parameterTypeConflict(?array $parameter, ?array $ancestor, string $against): ?string
    {
        $type = $parameter['type'] ?? null;
        if (null === $parameter || null === $ancestor || null === $type || $type->allows('mixed')) {
            return null;
        }
        $wider = $ancestor['type'];
        if (null === $wider) {
            return \sprintf(
                '($%s: %s) has a type, while that of %s ($%s) has none',
                $parameter['name'],
                $type,
                $against,
                $ancestor['name'],
            );
        }
        if ($type->terms === $wider->terms) {
            return null; // as often as not an override repeats the ancestor's types
        }
        foreach ([$type, $wider] as $side) {
            if ($side->involvesClasses() || $side->hasIntersection() || $side->allows('static')) {
                return null;
            }
        }
        $missing = array_diff_key(TypeVariance::builtins($wider), TypeVariance::builtins($type));
        if ([] === $missing) {
            return null;
        }

        return \sprintf(
            '($%s: %s) does not accept %s, which that of %s ($%s: %s) does',
            $parameter['name'],
            $type,
            implode('|', array_keys($missing)),
            $against,
            $ancestor['name'],
            $wider,
        );
    }
}
