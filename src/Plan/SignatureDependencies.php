<?php

declare(strict_types=1);

namespace Preheat\Plan;

use Preheat\Inventory\Declaration;

/**
 * Predicts which classes PHP loads to check signatures when it links a class, and whether PHP refuses to
 * link it whatever is loaded, following zend_inheritance.c (PHP 8.1 to 8.4): methods (MethodCompatibility,
 * OverrideArity), properties and class constants (MemberCompatibility), the class as a whole (ClassConflicts),
 * each over what the class's ancestors have once linked (AncestorTables) and by PHP's variance rules
 * (TypeVariance).
 *
 * This is as conservative as PHP: where PHP could stop early (U found to extend the first class it tries)
 * every class it might try counts. The class being linked and its ancestors are there anyway. Built-in
 * ancestors count too, with their signatures from BuiltinSignatures.
 *
 * The answers are kept by declaration object (seeding, closing, finding cycles, fitting and ordering all
 * ask), and moved to another plan's declarations by update().
 *
 * A Need is a class needed to link one: its name, its lower-case name, and the signature check needing it (none
 * for a parent, an interface or a trait).
 *
 * @phpstan-type Need array{string, string, SignatureDependency|null}
 */
final class SignatureDependencies
{
    private readonly AncestorTables $tables;

    private readonly MethodCompatibility $methods;

    private readonly MemberCompatibility $members;

    private readonly ClassConflicts $classConflicts;

    /** @var array<int, array{list<SignatureDependency>, string|null, list<Need>}> by declaration object */
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

    /** @var array<int, true> the answers that met a cycle of ancestors (see AncestorTables) */
    private array $answersOnCycle = [];

    /**
     * @param array<string, Declaration> $declarations lower-case name => the class-like that would be preloaded under
     *                                                 it
     */
    public function __construct(
        private array $declarations,
        ?BuiltinSignatures $builtins = null,
        string $phpVersion = \PHP_VERSION,
    ) {
        $this->tables = new AncestorTables($declarations, $builtins);
        $this->methods = new MethodCompatibility($this->tables);
        $this->members = new MemberCompatibility($this->tables);
        $this->classConflicts = new ClassConflicts($this->tables, $builtins, $phpVersion);
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
        $stale = $changed + $this->tables->onCycle();
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
            foreach ($this->answersNaming[$key] ?? [] as $id => $_) {
                unset($this->answers[$id]);
            }
            unset($this->answersNaming[$key]);
        }
        foreach ($this->answersOnCycle as $id => $_) {
            unset($this->answers[$id]);
        }
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
        $this->tables->update($declarations, $stale);
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
        if ($this->tables->answerMetCycle()) {
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

    /** @return array{list<SignatureDependency>, string|null} */
    private function compute(Declaration $class): array
    {
        $this->tables->startAnswer();
        $findings = new LinkFindings();
        $own = $this->tables->ownMethods($class);
        $inherited = null === $class->parent ? [] : $this->tables->interfacesOf($class->parent);
        $added = array_values(
            array_filter($class->interfaces, static fn (string $i): bool => !isset($inherited[strtolower($i)])),
        );
        $this->methods->check($class, $own, $added, $findings);
        $this->members->checkProperties($class, $added, $findings);
        $this->members->checkConstants($class, $added, $findings);
        if (!$findings->refused()) {
            $findings->refuse($this->classConflicts->of($class, $own));
        }

        return [$findings->loads(), $findings->refusal()];
    }
}
