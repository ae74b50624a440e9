<?php

declare(strict_types=1);

namespace Preheat\Plan;

use Preheat\Inventory\Declaration;
use Preheat\Inventory\DeclarationKind;
use Preheat\Inventory\MethodSignature;

/**
 * What PHP refuses about a class as a whole when it links it, whatever else is loaded: a readonly class
 * with a parent that is not (or the other way round), and, on the PHP the plan is for, `#[\Override]` on a
 * method no ancestor has.
 */
final class ClassConflicts
{
    public function __construct(
        private readonly AncestorTables $tables,
        private readonly ?BuiltinSignatures $builtins = null,
        private readonly string $phpVersion = \PHP_VERSION,
    ) {
    }

    /**
     * @param array<string, array{MethodSignature, string}> $own the class's own methods (AncestorTables::ownMethods())
     */
    public function of(Declaration $class, array $own): ?string
    {
        return $this->readonlyConflict($class) ?? $this->overrideConflict($class, $own);
    }

    /**
     * PHP links a readonly class only to a readonly parent, and a class that is not readonly only to a parent
     * that is not ("Readonly class B cannot extend non-readonly class A"), since PHP 8.2.
     */
    public function readonlyConflict(Declaration $class): ?string
    {
        $parent = null === $class->parent ? null : $this->tables->scanned($class->parent);
        if (null === $parent || $parent->readonly === $class->readonly) {
            return null;
        }

        return \sprintf(
            '%s is %s, while its parent %s is %s: PHP refuses to link the class',
            $class->name,
            $class->readonly ? 'readonly' : 'not readonly',
            $parent->name,
            $parent->readonly ? 'readonly' : 'not',
        );
    }

    /**
     * From PHP 8.3 on, a method marked #[\Override] must override or implement one of an ancestor's (a private
     * one does not count): else PHP refuses to link the class (even with no ancestor at all, which preloading
     * reports as an unlinked class too). Older PHP ignores the attribute. Judged only when every ancestor is
     * known (scanned, or built in): one that is missing keeps the class from linking anyway.
     *
     * @param array<string, array{MethodSignature, string}> $own
     */
    public function overrideConflict(Declaration $class, array $own): ?string
    {
        // A trait's methods are checked in each class using it, as the class's own.
        if (version_compare($this->phpVersion, '8.3', '<') || DeclarationKind::TraitDeclaration === $class->kind) {
            return null;
        }
        foreach ($own as $key => [$method]) {
            // __toString() implements Stringable, which PHP adds to every class that declares it.
            if (!$method->override || '__tostring' === $key) {
                continue;
            }
            $found = false;
            foreach ($this->ancestorsOf($class) as $ancestor) {
                $has = $this->declaresOverridable($ancestor, $method->name);
                if (null === $has) {
                    return null;
                }
                $found = $found || $has;
            }
            if (!$found) {
                return \sprintf(
                    '%s::%s() has #[\\Override], but no ancestor has a method %s(): PHP %s refuses to link the '.
                    'class',
                    $class->name,
                    $method->name,
                    $method->name,
                    $this->phpVersion,
                );
            }
        }

        return null;
    }

    /**
     * The names of every parent and interface of a class, and of theirs (as far as they are scanned).
     *
     * @return list<string>
     */
    private function ancestorsOf(Declaration $class): array
    {
        $ancestors = [];
        $queue = [...(null === $class->parent ? [] : [$class->parent]), ...$class->interfaces];
        while ([] !== $queue) {
            $name = array_shift($queue);
            $key = strtolower(ltrim($name, '\\'));
            if (isset($ancestors[$key]) || 0 === strcasecmp($name, $class->name)) {
                continue;
            }
            $ancestors[$key] = $name;
            $declaration = $this->tables->scanned($key);
            if (null !== $declaration) {
                array_push(
                    $queue,
                    ...(null === $declaration->parent ? [] : [$declaration->parent]),
                    ...$declaration->interfaces,
                );
            }
        }

        return array_values($ancestors);
    }

    /**
     * Whether a class-like has a method of that name itself (from its traits too) that a child can override;
     * null when it is unknown (neither scanned nor built in). A built-in one is asked by reflection.
     */
    private function declaresOverridable(string $name, string $method): ?bool
    {
        $declaration = $this->tables->scanned($name);
        if (null === $declaration) {
            $builtin = $this->builtins?->declarationOf($name)?->name;
            if (null === $builtin || !(class_exists($builtin, false) || interface_exists($builtin, false))) {
                return null;
            }
            $reflection = new \ReflectionClass($builtin);

            return $reflection->hasMethod($method) && !$reflection->getMethod($method)->isPrivate();
        }
        $key = strtolower($method);
        $entry = $this->tables->ownMethods($declaration)[$key]
            ?? $this->tables->abstractTraitMethods($declaration)[$key] ?? null;

        return null !== $entry && (!$entry[0]->private || $entry[0]->abstract);
    }
}
