<?php

declare(strict_types=1);

namespace Preheat\Plan;

use Preheat\Inventory\Declaration;
use Preheat\Inventory\MethodSignature;

/**
 * Which ancestor method PHP checks each method of a class against when it links it (zend_inheritance.c), and
 * what each check loads or refuses:
 *
 * - a method is checked against the method of the same name its parent has (declared or inherited,
 *   unless private and not abstract), against that of each interface the class adds (interfaces the parent
 *   already implements were checked when the parent linked), and against an abstract method of a trait it
 *   uses; a method inherited from the parent is checked against the interfaces the class adds; a
 *   constructor only against an abstract or interface one;
 * - the return type is covariant, each parameter type contravariant (TypeVariance says what each loads);
 *   a return type that cannot fit, or an arity PHP refuses (OverrideArity), refuses the class, but only
 *   against ancestors in the scanned code (a built-in's tentative return type only makes PHP warn of a
 *   deprecation).
 */
final class MethodCompatibility
{
    public function __construct(private readonly AncestorTables $tables)
    {
    }

    /**
     * Checks every method of $class (its own and those it inherits) against the ancestors' it meets.
     *
     * @param array<string, array{MethodSignature, string}> $own   its own methods (AncestorTables::ownMethods())
     * @param list<string>                                  $added the interfaces the class adds (not the parent's)
     */
    public function check(Declaration $class, array $own, array $added, LinkFindings $findings): void
    {
        $parentTable = null === $class->parent ? [] : $this->tables->methods($class->parent);
        foreach ($own as $key => [$method]) {
            if (isset($parentTable[$key])) {
                $this->compare($class, $method, $parentTable[$key], $findings);
            }
            foreach ($added as $interface) {
                $declared = $this->tables->methods($interface)[$key] ?? null;
                if (null !== $declared) {
                    $this->compare($class, $method, $declared, $findings);
                }
            }
        }
        foreach ($this->tables->abstractTraitMethods($class) as $key => $declared) {
            if (isset($own[$key])) {
                $this->compare($class, $own[$key][0], $declared, $findings);
            } elseif (isset($parentTable[$key])) {
                $this->compare($class, $parentTable[$key][0], $declared, $findings, $parentTable[$key][1]);
            }
        }
        foreach ($parentTable as $key => [$method, $owner]) {
            if (isset($own[$key])) {
                continue;
            }
            foreach ($added as $interface) {
                $declared = $this->tables->methods($interface)[$key] ?? null;
                if (null !== $declared) {
                    $this->compare($class, $method, $declared, $findings, $owner);
                }
            }
        }
    }

    /**
     * One method against one ancestor's method of the same name.
     *
     * @param array{MethodSignature, string} $ancestor [signature, declaring class]
     * @param string|null                    $owner    the class declaring $method, when not $class (inherited)
     */
    public function compare(
        Declaration $class,
        MethodSignature $method,
        array $ancestor,
        LinkFindings $findings,
        ?string $owner = null,
    ): void {
        [$declared, $declaredIn] = $ancestor;
        if ($declared->private && !$declared->abstract) {
            return;
        }
        if ('__construct' === strtolower($method->name) && !$declared->abstract) {
            return;
        }
        $subject = ($owner ?? $class->name).'::'.$method->name.'()';
        $against = $declaredIn.'::'.$declared->name.'()';
        $scanned = null !== $this->tables->scanned($declaredIn);
        if (
            !$findings->refused()
            && null !== $declared->returnType
            && $scanned
            && !str_starts_with($method->name, '__')
            && TypeVariance::cannotFit($method->returnType, $declared->returnType)
        ) {
            $findings->refuse(null === $method->returnType
                ? \sprintf(
                    '%s has no return type, while %s returns %s: PHP refuses to link the class (written for another '.
                    'version of %s?)',
                    $subject,
                    $against,
                    $declared->returnType,
                    $declaredIn,
                )
                : \sprintf(
                    '%s returns %s, which cannot fit %s: %s: PHP refuses to link the class (written for another '.
                    'version of %s?)',
                    $subject,
                    $method->returnType,
                    $against,
                    $declared->returnType,
                    $declaredIn,
                ));
        }
        if (!$findings->refused() && $scanned) {
            $findings->refuse(OverrideArity::conflict($method, $declared, $subject, $against, $declaredIn));
        }
        if (null !== $method->returnType && null !== $declared->returnType) {
            $loads = TypeVariance::loads($method->returnType, $declared->returnType, $class->name);
            if ([] !== $loads) {
                $findings->load(
                    $loads,
                    \sprintf('%s: %s against %s: %s', $subject, $method->returnType, $against, $declared->returnType),
                );
            }
        }
        $count = max(\count($method->parameters), \count($declared->parameters));
        for ($index = 0; $index < $count; ++$index) {
            $parameter = $method->parameterAt($index);
            $ancestorParameter = $declared->parameterAt($index);
            if (
                null === $parameter
                || null === $ancestorParameter
                || null === $parameter['type']
                || null === $ancestorParameter['type']
            ) {
                continue;
            }
            $loads = TypeVariance::loads($ancestorParameter['type'], $parameter['type'], $class->name);
            if ([] !== $loads) {
                $findings->load($loads, \sprintf(
                    '%s parameter $%s: %s against %s $%s: %s',
                    $subject,
                    $parameter['name'],
                    $parameter['type'],
                    $against,
                    $ancestorParameter['name'],
                    $ancestorParameter['type'],
                ));
            }
        }
    }
}
