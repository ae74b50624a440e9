<?php

declare(strict_types=1);

namespace Preheat\Plan;

use Preheat\Inventory\ConstantSignature;
use Preheat\Inventory\Declaration;
use Preheat\Inventory\MethodSignature;
use Preheat\Inventory\PropertySignature;

/**
 * What each class-like has once linked, as PHP would see it: its methods (declared, from traits, inherited,
 * with the class declaring each), the interfaces it implements, its properties and class constants.
 * Built-in ancestors' methods come from BuiltinSignatures.
 *
 * Method tables and interface sets are kept (per class, until update()). Scanned code may hold a cycle of
 * ancestors (PHP refuses it; the tables must not loop): a table met on such a cycle holds what depends on
 * which class of the cycle was asked first, so it is marked and the caller asked whether the answer it is
 * computing met one (startAnswer(), answerMetCycle()).
 */
final class AncestorTables
{
    /** How deep the property and constant tables follow ancestors (they are not kept, so they bound the walk). */
    private const MAX_DEPTH = 64;

    /**
     * @var array<string, array<string, array{MethodSignature, string}>> lower-case class => lower-case method =>
     *                                                                   [signature, declaring class]
     */
    private array $tables = [];

    /** @var array<string, array<string, true>> lower-case class => lower-case names of every interface it implements */
    private array $interfaces = [];

    /** @var array<string, true> */
    private array $visiting = [];

    /**
     * @var array<string, true> the tables (of methods, of interfaces) that met a cycle of ancestors: what they hold
     *                          depends on which class of the cycle was asked first, so they are never kept for
     *                          another plan
     */
    private array $onCycle = [];

    /** Whether the answer being computed met such a cycle. */
    private bool $meetsCycle = false;

    /**
     * @param array<string, Declaration> $declarations lower-case name => the class-like that would be preloaded under
     *                                                 it
     */
    public function __construct(
        private array $declarations,
        private readonly ?BuiltinSignatures $builtins = null,
    ) {
    }

    /**
     * Moves the tables to $declarations, forgetting those of the $stale names and every table a cycle of
     * ancestors touched.
     *
     * @param array<string, Declaration> $declarations
     * @param array<string, true>        $stale        lower-case names
     */
    public function update(array $declarations, array $stale): void
    {
        foreach ($stale as $key => $_) {
            unset($this->tables[$key], $this->interfaces[$key]);
        }
        foreach ($this->onCycle as $key => $_) {
            unset($this->tables[$key], $this->interfaces[$key]);
        }
        $this->onCycle = [];
        $this->declarations = $declarations;
    }

    /** @return array<string, true> the lower-case names whose tables met a cycle of ancestors */
    public function onCycle(): array
    {
        return $this->onCycle;
    }

    /** From now on, answerMetCycle() says whether a table asked for met a cycle of ancestors. */
    public function startAnswer(): void
    {
        $this->meetsCycle = false;
    }

    public function answerMetCycle(): bool
    {
        return $this->meetsCycle;
    }

    /** The scanned class-like of that name, if any (null for a built-in one). */
    public function scanned(string $name): ?Declaration
    {
        return $this->declarations[strtolower(ltrim($name, '\\'))] ?? null;
    }

    /**
     * Every method a class has once linked, with the class that declares it.
     *
     * @return array<string, array{MethodSignature, string}> lower-case method => [signature, declaring class]
     */
    public function methods(string $name): array
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
            $table += $this->methods($ancestor);
        }
        $table += $this->abstractTraitMethods($class);
        unset($this->visiting[$key]);

        return $this->tables[$key] = $table;
    }

    /** @return array<string, true> the lower-case names of every interface a scanned class implements */
    public function interfacesOf(string $name): array
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

    /**
     * The methods a class declares itself or takes from its traits (its own win over a trait's).
     *
     * @return array<string, array{MethodSignature, string}>
     */
    public function ownMethods(Declaration $class): array
    {
        $methods = [];
        foreach ($class->methods as $method) {
            $methods[strtolower($method->name)] = [$method, $class->name];
        }
        foreach ($class->traits as $trait) {
            foreach ($this->methods($trait) as $key => [$method]) {
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
    public function abstractTraitMethods(Declaration $class): array
    {
        $methods = [];
        foreach ($class->traits as $trait) {
            foreach ($this->methods($trait) as $key => $entry) {
                if ($entry[0]->abstract) {
                    $methods[$key] ??= $entry;
                }
            }
        }

        return $methods;
    }

    /**
     * The properties a class declares itself or takes from its traits (its own win).
     *
     * @return array<string, PropertySignature>
     */
    public function ownProperties(Declaration $class): array
    {
        $properties = [];
        foreach ($class->properties as $property) {
            $properties[$property->name] = $property;
        }
        foreach ($class->traits as $trait) {
            foreach ($this->scanned($trait)->properties ?? [] as $property) {
                $properties[$property->name] ??= $property;
            }
        }

        return $properties;
    }

    /**
     * Every typed property a scanned class has once linked, with the class that declares it.
     *
     * @return array<string, array{PropertySignature, string}>
     */
    public function properties(string $name, int $depth = 0): array
    {
        $class = $this->scanned($name);
        if (null === $class || $depth > self::MAX_DEPTH) {
            return [];
        }
        $table = array_map(static fn (PropertySignature $p): array => [$p, $class->name], $this->ownProperties($class));
        foreach ([...(null === $class->parent ? [] : [$class->parent]), ...$class->interfaces] as $ancestor) {
            $table += $this->properties($ancestor, $depth + 1);
        }

        return $table;
    }

    /**
     * Every class constant a scanned class-like has once linked (case matters), with the class-like declaring it.
     *
     * @return array<string, array{ConstantSignature, string}>
     */
    public function constants(string $name, int $depth = 0): array
    {
        $class = $this->scanned($name);
        if (null === $class || $depth > self::MAX_DEPTH) {
            return [];
        }
        $table = [];
        foreach ($class->constants as $constant) {
            $table[$constant->name] = [$constant, $class->name];
        }
        foreach ([...(null === $class->parent ? [] : [$class->parent]), ...$class->interfaces] as $ancestor) {
            $table += $this->constants($ancestor, $depth + 1);
        }

        return $table;
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
}
