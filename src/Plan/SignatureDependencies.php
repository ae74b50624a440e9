<?php

declare(strict_types=1);

namespace Preheat\Plan;

use Preheat\Inventory\ConstantSignature;
use Preheat\Inventory\Declaration;
use Preheat\Inventory\DeclarationKind;
use Preheat\Inventory\DeclaredType;
use Preheat\Inventory\MethodSignature;
use Preheat\Inventory\PropertySignature;

/**
 * Predicts which classes PHP loads to check method signatures when it links a class, following
 * zend_inheritance.c (PHP 8.1 to 8.4):
 *
 * - a method is checked against the method of the same name its parent has (declared or inherited,
 *   unless private and not abstract), against that of each interface the class adds (interfaces the parent
 *   already implements were checked when the parent linked), and against an abstract method of a trait it
 *   uses; a method inherited from the parent is checked against the interfaces the class adds; a
 *   constructor only against an abstract or interface one;
 * - the return type is covariant, each parameter type contravariant: PHP checks that every class U of the
 *   narrower type (the child's return type, the ancestor's parameter type) fits the wider type. A U that
 *   the wider type names too needs nothing; against `object` PHP loads U alone; otherwise it loads U and the
 *   classes of the wider type to compare them. A wider type `mixed` (and a child parameter without a type)
 *   accepts everything without loading. Intersections and DNF types: every class named on either side,
 *   unless the two types are the same.
 *
 * This is as conservative as PHP: where PHP could stop early (U found to extend the first class it tries)
 * every class it might try counts. The class being linked and its ancestors are there anyway. Built-in
 * ancestors count too, with their signatures from BuiltinSignatures.
 *
 * A Need is a class needed to link one: its name, its lower-case name, and the signature check needing it (none
 * for a parent, an interface or a trait).
 *
 * @phpstan-type Need array{string, string, SignatureDependency|null}
 */
final class SignatureDependencies
{
    /**
     * @var array<string, array<string, array{MethodSignature, string}>> lower-case class => lower-case method =>
     *                                                                   [signature, declaring class]
     */
    private array $tables = [];

    /** @var array<string, array<string, true>> lower-case class => lower-case names of every interface it implements */
    private array $interfaces = [];

    /** @var array<string, true> */
    private array $visiting = [];

    /** The first incompatible return type or arity found while computing one class. */
    private ?string $conflict = null;

    /**
     * @var array<int, array{list<SignatureDependency>, string|null, list<Need>}> by declaration object: seeding,
     *                                                                            closing, finding cycles, fitting and
     *                                                                            ordering all ask
     */
    private array $answers = [];

    /**
     * @var array<string, array<int, true>> lower-case name => the answers of the classes that name it (as
     *                                      themselves, a parent, an interface or a trait): what to forget when
     *                                      the declaration under that name changes
     */
    private array $answersNaming = [];

    /**
     * @var array<string, array<string, true>>|null lower-case name => the declarations naming it as their parent,
     *                                              an interface or a trait; made at the first update()
     */
    private ?array $referrers = null;

    /**
     * @var array<string, true> the tables (of methods, of interfaces) that met a cycle of ancestors: what they hold
     *                          depends on which class of the cycle was asked first, so they are never kept for
     *                          another plan
     */
    private array $onCycle = [];

    /** @var array<int, true> the answers that met such a cycle */
    private array $answersOnCycle = [];

    /** Whether the answer being computed met such a cycle. */
    private bool $meetsCycle = false;

    /**
     * @param array<string, Declaration> $declarations lower-case name => the class-like that would be preloaded under
     *                                                 it
     */
    public function __construct(
        private array $declarations,
        private readonly ?BuiltinSignatures $builtins = null,
        private readonly string $phpVersion = \PHP_VERSION,
    ) {
    }

    /**
     * Answers for $declarations from now on (a plan of the same scan with other forced drops), keeping every
     * answer the change cannot touch: an answer rests only on the declarations under its class's ancestors'
     * names (parents, interfaces, traits, transitively), so only the classes with a changed declaration
     * among those are computed again. What a cycle of ancestors touched is always computed again, as a fresh
     * index would, in the order the next plan asks.
     *
     * @param array<string, Declaration> $declarations
     */
    public function update(array $declarations): self
    {
        $changed = [];
        foreach ($declarations as $key => $declaration) {
            if (($this->declarations[$key] ?? null) !== $declaration) {
                $changed[$key] = true;
            }
        }
        foreach ($this->declarations as $key => $_) {
            if (!isset($declarations[$key])) {
                $changed[$key] = true;
            }
        }
        // Who names a changed declaration, transitively, by the ancestors as they were (built-in ancestors
        // name none).
        $referrers = $this->referrers ??= self::referrersOf($this->declarations);
        $stale = $changed + $this->onCycle;
        $queue = array_keys($changed);
        while ([] !== $queue) {
            foreach ($referrers[array_pop($queue)] ?? [] as $key => $_) {
                if (!isset($stale[$key])) {
                    $stale[$key] = true;
                    $queue[] = $key;
                }
            }
        }
        foreach ($stale as $key => $_) {
            unset($this->tables[$key], $this->interfaces[$key]);
            foreach ($this->answersNaming[$key] ?? [] as $id => $_) {
                unset($this->answers[$id]);
            }
            unset($this->answersNaming[$key]);
        }
        foreach ($this->answersOnCycle as $id => $_) {
            unset($this->answers[$id]);
        }
        $this->onCycle = [];
        $this->answersOnCycle = [];
        foreach ($changed as $key => $_) {
            foreach (self::ancestorKeys($this->declarations[$key] ?? null) as $name) {
                unset($referrers[$name][$key]);
            }
            foreach (self::ancestorKeys($declarations[$key] ?? null) as $name) {
                $referrers[$name][$key] = true;
            }
        }
        $this->referrers = $referrers;
        $this->declarations = $declarations;

        return $this;
    }

    /** @return list<SignatureDependency> what PHP loads to check $class's methods when it links it */
    public function of(Declaration $class): array
    {
        return $this->answer($class)[0];
    }

    /**
     * Why PHP refuses to link $class whatever else is there, if it does: a method whose return type cannot fit
     * the ancestor's (`beginTransaction(): bool` for `void`, none for `string`), as in a class written for
     * another major version of its parent. Only certain cases count, and only against ancestors in the scanned
     * code (a built-in's tentative return type only makes PHP warn of a deprecation).
     */
    public function conflictOf(Declaration $class): ?string
    {
        return $this->answer($class)[1];
    }

    /**
     * Everything PHP needs loaded to link $class: its parent, interfaces and traits (with no check), then the
     * classes its signature checks load (each with the first check needing it); each with its lower-case name.
     *
     * @return list<Need> [name, lower-case name, check]
     */
    public function needsOf(Declaration $class): array
    {
        return $this->answer($class)[2];
    }

    /** @return array{list<SignatureDependency>, string|null, list<Need>} */
    private function answer(Declaration $class): array
    {
        $id = spl_object_id($class);
        if (isset($this->answers[$id])) {
            return $this->answers[$id];
        }
        [$dependencies, $conflict] = $this->compute($class);
        $needs = [];
        foreach ($class->linkDependencies() as $name) {
            $needs[] = [$name, strtolower($name), null];
        }
        foreach ($dependencies as $dependency) {
            $needs[] = [$dependency->class, strtolower($dependency->class), $dependency];
        }
        $answer = [$dependencies, $conflict, $needs];
        if ($this->meetsCycle) {
            $this->answersOnCycle[$id] = true;
        }
        $this->answersNaming[strtolower($class->name)][$id] = true;
        foreach (self::ancestorKeys($class) as $name) {
            $this->answersNaming[$name][$id] = true;
        }

        return $this->answers[$id] = $answer;
    }

    /**
     * @param array<string, Declaration> $declarations
     *
     * @return array<string, array<string, true>>
     */
    private static function referrersOf(array $declarations): array
    {
        $referrers = [];
        foreach ($declarations as $key => $declaration) {
            foreach (self::ancestorKeys($declaration) as $name) {
                $referrers[$name][$key] = true;
            }
        }

        return $referrers;
    }

    /** @return list<string> the lower-case names of a class's parent, interfaces and traits */
    private static function ancestorKeys(?Declaration $class): array
    {
        return null === $class ? [] : array_map(
            static fn (string $name): string => strtolower(ltrim($name, '\\')),
            $class->linkDependencies(),
        );
    }

    /**
     * A table was asked for while a class of a cycle of ancestors was being computed, or was computed so: what
     * is being computed now (every table on the way, and the answer) depends on the order classes are asked.
     */
    private function meetCycle(): void
    {
        $this->meetsCycle = true;
        foreach ($this->visiting as $key => $_) {
            $this->onCycle[ltrim((string) $key, '@')] = true;
        }
    }

    /** @return array{list<SignatureDependency>, string|null} */
    private function compute(Declaration $class): array
    {
        $this->conflict = null;
        $this->meetsCycle = false;
        $own = $this->ownMethods($class);
        $parentTable = null === $class->parent ? [] : $this->table($class->parent);
        $inherited = null === $class->parent ? [] : $this->interfacesOf($class->parent);
        $added = array_values(
            array_filter($class->interfaces, static fn (string $i): bool => !isset($inherited[strtolower($i)])),
        );

        $dependencies = [];
        foreach ($own as $key => [$method]) {
            if (isset($parentTable[$key])) {
                $this->compare($class, $method, $parentTable[$key], $dependencies);
            }
            foreach ($added as $interface) {
                $declared = $this->table($interface)[$key] ?? null;
                if (null !== $declared) {
                    $this->compare($class, $method, $declared, $dependencies);
                }
            }
        }
        foreach ($this->abstractTraitMethods($class) as $key => $declared) {
            if (isset($own[$key])) {
                $this->compare($class, $own[$key][0], $declared, $dependencies);
            } elseif (isset($parentTable[$key])) {
                $this->compare($class, $parentTable[$key][0], $declared, $dependencies, $parentTable[$key][1]);
            }
        }
        foreach ($parentTable as $key => [$method, $owner]) {
            if (isset($own[$key])) {
                continue;
            }
            foreach ($added as $interface) {
                $declared = $this->table($interface)[$key] ?? null;
                if (null !== $declared) {
                    $this->compare($class, $method, $declared, $dependencies, $owner);
                }
            }
        }

        $this->compareProperties($class, $added, $dependencies);
        $this->compareConstants($class, $added, $dependencies);
        $this->conflict ??= $this->readonlyConflict($class) ?? $this->overrideConflict($class, $own);

        return [array_values($dependencies), $this->conflict];
    }

    /**
     * Properties, as PHP 8.4 checks them (zend_do_inheritance's property checks, hooks as methods): a property
     * the class declares (itself or from a trait) against the parent's property of that name (unless private)
     * and that of each interface it adds; one inherited from the parent against the interfaces it adds. Where
     * the ancestor's property can be read, the class's type must fit it (PHP loads as for a return type);
     * where it can be written, the ancestor's type must fit the class's (as for a parameter type).
     *
     * @param list<string>                       $added        the interfaces the class adds (not the parent's)
     * @param array<string, SignatureDependency> $dependencies
     */
    private function compareProperties(Declaration $class, array $added, array &$dependencies): void
    {
        $own = $this->ownProperties($class);
        $parentTable = null === $class->parent ? [] : $this->propertyTable($class->parent);
        $pairs = [];
        foreach ($own as $key => $property) {
            if (isset($parentTable[$key])) {
                $pairs[] = [$property, $class->name, $parentTable[$key]];
            }
        }
        $properties = [...$parentTable, ...$own];
        $interfaceTables = [] === $properties ? [] : array_map($this->propertyTable(...), $added);
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
            if (null === $this->conflict && isset($this->declarations[strtolower($declaredIn)])) {
                $this->conflict = $this->propertyConflict($property, $declared, $subject, $against);
            }
            if (null === $property->type || null === $declared->type) {
                continue;
            }
            $loads = [
                ...($declared->readable ? $this->loads($property->type, $declared->type, $class->name) : []),
                ...($declared->writable ? $this->loads($declared->type, $property->type, $class->name) : []),
            ];
            foreach ($loads as $name) {
                $dependencies[strtolower($name)] ??= new SignatureDependency(
                    $name,
                    \sprintf('%s: %s against %s: %s', $subject, $property->type, $against, $declared->type),
                );
            }
        }
    }

    /**
     * Why PHP refuses a property redeclared against an ancestor's, whatever the classes its type names: static on
     * one side only, readonly on one side only, a type on one side only, or built-in types that cannot fit (the
     * property's must be the ancestor's where the ancestor's is read and written: `int` for `int`; only what
     * can be read may narrow, only what can be written widen).
     */
    private function propertyConflict(
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
            ($declared->readable && $this->cannotFit($property->type, $declared->type))
            || ($declared->writable && $this->cannotFit($declared->type, $property->type))
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

    /**
     * Class constants the class declares against those of its parent (and the parent's ancestors) and of the
     * interfaces it adds, as do_inherit_constant_check() checks them: a final one cannot be redeclared
     * (PHP refuses the class); a typed one (PHP 8.3) only with a type that fits, covariantly: none, or a
     * built-in type the ancestor's does not allow, is refused; where the types differ PHP loads the classes
     * named, as for a return type.
     *
     * @param list<string>                       $added
     * @param array<string, SignatureDependency> $dependencies
     */
    private function compareConstants(Declaration $class, array $added, array &$dependencies): void
    {
        if ([] === $class->constants) {
            return;
        }
        $tables = [];
        if (null !== $class->parent) {
            $tables[] = $this->constantTable($class->parent);
        }
        foreach ($added as $interface) {
            $tables[] = $this->constantTable($interface);
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
                $known = isset($this->declarations[strtolower($declaredIn)]);
                if ($known && null === $this->conflict && $declared->final) {
                    $this->conflict = \sprintf(
                        '%s overrides the final constant %s: PHP refuses to link the class',
                        $subject,
                        $against,
                    );
                }
                if (null === $declared->type) {
                    continue;
                }
                if ($known && null === $this->conflict && $this->cannotFit($constant->type, $declared->type)) {
                    $this->conflict = \sprintf(
                        '%s is %s, which cannot fit %s: %s: PHP refuses to link the class',
                        $subject,
                        null === $constant->type ? 'untyped' : 'of type '.$constant->type,
                        $against,
                        $declared->type,
                    );
                }
                if (null !== $constant->type) {
                    foreach ($this->loads($constant->type, $declared->type, $class->name) as $name) {
                        $dependencies[strtolower($name)] ??= new SignatureDependency(
                            $name,
                            \sprintf('%s: %s against %s: %s', $subject, $constant->type, $against, $declared->type),
                        );
                    }
                }
            }
        }
    }

    /**
     * Every class constant a class-like has once linked (case matters), with the class-like declaring it.
     *
     * @return array<string, array{ConstantSignature, string}>
     */
    private function constantTable(string $name, int $depth = 0): array
    {
        $class = $this->declarations[strtolower(ltrim($name, '\\'))] ?? null;
        if (null === $class || $depth > 64) {
            return [];
        }
        $table = [];
        foreach ($class->constants as $constant) {
            $table[$constant->name] = [$constant, $class->name];
        }
        foreach ([...(null === $class->parent ? [] : [$class->parent]), ...$class->interfaces] as $ancestor) {
            $table += $this->constantTable($ancestor, $depth + 1);
        }

        return $table;
    }

    /**
     * The properties a class declares itself or takes from its traits (its own win).
     *
     * @return array<string, PropertySignature>
     */
    private function ownProperties(Declaration $class): array
    {
        $properties = [];
        foreach ($class->properties as $property) {
            $properties[$property->name] = $property;
        }
        foreach ($class->traits as $trait) {
            foreach (($this->declarations[strtolower(ltrim($trait, '\\'))] ?? null)->properties ?? [] as $property) {
                $properties[$property->name] ??= $property;
            }
        }

        return $properties;
    }

    /**
     * Every typed property a class has once linked, with the class that declares it.
     *
     * @return array<string, array{PropertySignature, string}>
     */
    private function propertyTable(string $name, int $depth = 0): array
    {
        $class = $this->declarations[strtolower(ltrim($name, '\\'))] ?? null;
        if (null === $class || $depth > 64) {
            return [];
        }
        $table = array_map(static fn (PropertySignature $p): array => [$p, $class->name], $this->ownProperties($class));
        foreach ([...(null === $class->parent ? [] : [$class->parent]), ...$class->interfaces] as $ancestor) {
            $table += $this->propertyTable($ancestor, $depth + 1);
        }

        return $table;
    }

    /**
     * PHP links a readonly class only to a readonly parent, and a class that is not readonly only to a parent
     * that is not ("Readonly class B cannot extend non-readonly class A"), since PHP 8.2.
     */
    private function readonlyConflict(Declaration $class): ?string
    {
        $parent = null === $class->parent ? null : ($this->declarations[strtolower($class->parent)] ?? null);
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
    private function overrideConflict(Declaration $class, array $own): ?string
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
                $has = $this->declares($ancestor, $method->name);
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
     * The names of every parent and interface of a class, and of theirs.
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
            $declaration = $this->declarations[$key] ?? null;
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
    private function declares(string $name, string $method): ?bool
    {
        $declaration = $this->declarations[strtolower(ltrim($name, '\\'))] ?? null;
        if (null === $declaration) {
            $builtin = $this->builtins?->declarationOf($name)?->name;
            if (null === $builtin || !(class_exists($builtin, false) || interface_exists($builtin, false))) {
                return null;
            }
            $reflection = new \ReflectionClass($builtin);

            return $reflection->hasMethod($method) && !$reflection->getMethod($method)->isPrivate();
        }
        $key = strtolower($method);
        $entry = $this->ownMethods($declaration)[$key] ?? $this->abstractTraitMethods($declaration)[$key] ?? null;

        return null !== $entry && (!$entry[0]->private || $entry[0]->abstract);
    }

    /**
     * @param array{MethodSignature, string}     $ancestor
     * @param array<string, SignatureDependency> $dependencies lower-case class => the first check needing it
     */
    private function compare(
        Declaration $class,
        MethodSignature $method,
        array $ancestor,
        array &$dependencies,
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
        if (
            null === $this->conflict
            && null !== $declared->returnType
            && isset($this->declarations[strtolower($declaredIn)])
            && !str_starts_with($method->name, '__')
            && $this->cannotFit($method->returnType, $declared->returnType)
        ) {
            $this->conflict = null === $method->returnType
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
                );
        }
        if (null === $this->conflict && isset($this->declarations[strtolower($declaredIn)])) {
            $this->conflict = self::arityConflict($method, $declared, $subject, $against, $declaredIn);
        }
        if (null !== $method->returnType && null !== $declared->returnType) {
            foreach ($this->loads($method->returnType, $declared->returnType, $class->name) as $name) {
                $dependencies[strtolower($name)] ??= new SignatureDependency(
                    $name,
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
            foreach ($this->loads($ancestorParameter['type'], $parameter['type'], $class->name) as $name) {
                $dependencies[strtolower($name)] ??= new SignatureDependency($name, \sprintf(
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

    /**
     * Why PHP refuses an override whatever the classes its types name, by zend_do_perform_implementation_check():
     * more required arguments than the ancestor's, a parameter of the ancestor's left out (a variadic one
     * stands for the rest on either side), a variadic method made non-variadic, a parameter passed by
     * reference on one side only, a reference returned by the ancestor only, static on one side only.
     * Adding optional parameters, or requiring fewer, is fine. Null when it fits, or when the arity of either
     * side is unknown (a cache written before it was recorded, a built-in ancestor).
     */
    private static function arityConflict(
        MethodSignature $method,
        MethodSignature $declared,
        string $subject,
        string $against,
        string $declaredIn,
    ): ?string {
        if (
            null === $method->required
            || null === $method->count
            || null === $declared->required
            || null === $declared->count
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
        if ($declared->required < $method->required) {
            return \sprintf(
                '%s requires %d argument(s), more than the %d of %s%s',
                $subject,
                $method->required,
                $declared->required,
                $against,
                $refused,
            );
        }
        if ($declared->returnsReference && !$method->returnsReference) {
            return \sprintf('%s does not return a reference, while %s does%s', $subject, $against, $refused);
        }
        if ($declared->variadic && !$method->variadic) {
            return \sprintf('%s is not variadic, while %s is%s', $subject, $against, $refused);
        }
        $ancestorCount = $declared->count + ($declared->variadic ? 1 : 0);
        $count = $method->count + ($method->variadic ? 1 : 0);
        for ($index = 0; $index < max($ancestorCount, $count); ++$index) {
            $inAncestor = $index < $ancestorCount || $declared->variadic;
            if (!$inAncestor) {
                continue; // a parameter added (optional, as checked above)
            }
            if ($index >= $count && !$method->variadic) {
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
        $missing = array_diff_key(self::builtins($wider), self::builtins($type));
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

    /**
     * Whether a return type certainly cannot fit the ancestor's, by PHP's rules (zend_perform_covariant_type_check):
     * no return type where the ancestor has one; a built-in type the ancestor does not allow (`bool` for `void`,
     * `?int` for `int`, anything but `void` for... `void`); a class where the ancestor allows no class at all.
     * Whatever needs a class looked up, or differs between PHP versions (`iterable`), or hangs on `static`,
     * is not judged here.
     */
    private function cannotFit(?DeclaredType $child, DeclaredType $ancestor): bool
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
    private static function builtins(DeclaredType $type): array
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
     * The classes PHP loads to check that $narrower fits $wider.
     *
     * @return list<string>
     */
    private function loads(DeclaredType $narrower, DeclaredType $wider, string $self): array
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
            return $this->without([...$classes, ...$widerClasses], $self);
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

        return $this->without($loads, $self);
    }

    /**
     * @param list<string> $names
     *
     * @return list<string>
     */
    private function without(array $names, string $self): array
    {
        $unique = [];
        foreach ($names as $name) {
            if (0 !== strcasecmp($name, $self)) {
                $unique[strtolower($name)] ??= $name;
            }
        }

        return array_values($unique);
    }

    /**
     * The methods a class declares itself or takes from its traits (its own win over a trait's).
     *
     * @return array<string, array{MethodSignature, string}>
     */
    private function ownMethods(Declaration $class): array
    {
        $methods = [];
        foreach ($class->methods as $method) {
            $methods[strtolower($method->name)] = [$method, $class->name];
        }
        foreach ($class->traits as $trait) {
            foreach ($this->table($trait) as $key => [$method]) {
                // A trait's method becomes the class's own (`self` in it means the class), but an abstract
                // one only asks for an implementation: one the class inherits stays (see abstractTraitMethods()).
                if (!$method->abstract) {
                    $methods[$key] ??= [$method, $class->name];
                }
            }
        }

        return $methods;
    }

    /**
     * The abstract methods of the traits a class uses: PHP checks the class's implementation, its own or
     * inherited, against each.
     *
     * @return array<string, array{MethodSignature, string}>
     */
    private function abstractTraitMethods(Declaration $class): array
    {
        $methods = [];
        foreach ($class->traits as $trait) {
            foreach ($this->table($trait) as $key => $entry) {
                if ($entry[0]->abstract) {
                    $methods[$key] ??= $entry;
                }
            }
        }

        return $methods;
    }

    /**
     * Every method a class has once linked, with the class that declares it.
     *
     * @return array<string, array{MethodSignature, string}>
     */
    private function table(string $name): array
    {
        $key = strtolower(ltrim($name, '\\'));
        if (isset($this->tables[$key])) {
            if (isset($this->onCycle[$key])) {
                $this->meetCycle();
            }

            return $this->tables[$key];
        }
        $class = $this->declarations[$key] ?? $this->builtins?->declarationOf($name);
        if (null === $class) {
            return [];
        }
        if (isset($this->visiting[$key])) {
            $this->meetCycle();

            return [];
        }
        $this->visiting[$key] = true;
        $table = $this->ownMethods($class);
        foreach ([...(null === $class->parent ? [] : [$class->parent]), ...$class->interfaces] as $ancestor) {
            $table += $this->table($ancestor);
        }
        $table += $this->abstractTraitMethods($class);
        unset($this->visiting[$key]);

        return $this->tables[$key] = $table;
    }

    /** @return array<string, true> */
    private function interfacesOf(string $name): array
    {
        $key = strtolower(ltrim($name, '\\'));
        if (isset($this->interfaces[$key])) {
            if (isset($this->onCycle[$key])) {
                $this->meetCycle();
            }

            return $this->interfaces[$key];
        }
        $class = $this->declarations[$key] ?? null;
        if (null === $class) {
            return [];
        }
        if (isset($this->visiting['@'.$key])) {
            $this->meetCycle();

            return [];
        }
        $this->visiting['@'.$key] = true;
        $interfaces = null === $class->parent ? [] : $this->interfacesOf($class->parent);
        foreach ($class->interfaces as $interface) {
            $interfaces[strtolower($interface)] = true;
            $interfaces += $this->interfacesOf($interface);
        }
        unset($this->visiting['@'.$key]);

        return $this->interfaces[$key] = $interfaces;
    }
}
