<?php

declare(strict_types=1);

namespace Preheat\Plan;

use Preheat\Inventory\Declaration;
use Preheat\Inventory\FileInventory;

/**
 * The planner's working state for one round.
 *
 * @phpstan-import-type Need from SignatureDependencies
 *
 * @internal
 */
final class PlanState
{
    public function __construct(public readonly PlanContext $context)
    {
    }

    /** @var array<string, FileInventory> files that passed their own checks */
    public array $eligible = [];

    /** @var array<string, FileInventory> files the plan keeps so far */
    public array $wanted = [];

    /** @var array<string, string> lower-case class-like name => the eligible file declaring it */
    public array $providers = [];

    /** @var array<string, Declaration> lower-case class-like name => its declaration in the eligible file */
    public array $declarations = [];

    /** What PHP loads to check method signatures of $declarations, set once screening has made them. */
    public ?SignatureDependencies $signatures = null;

    /** @var array<string, DroppedFile> */
    public array $droppedFiles = [];

    /** @var array<string, DroppedClass> */
    public array $droppedClasses = [];

    /** @var list<PlannedFile> */
    public array $ordered = [];

    /** @var array<string, string> path => why it is kept although it has side effects */
    public array $kept = [];

    public function signatures(): SignatureDependencies
    {
        return $this->signatures ?? throw new \LogicException('The signature dependencies are made after screening.');
    }

    /**
     * What a class needs in the plan to link: its parent, interfaces and traits, then the classes PHP loads
     * to check its methods' signatures against its ancestors' (those come with the check that needs them).
     *
     * @return list<Need> [name, lower-case name, check]
     */
    public function needsOf(Declaration $declaration): array
    {
        return $this->signatures()->needsOf($declaration);
    }

    /** Drops a file for a reason of its own: every class in it shares that reason. */
    public function dropFile(FileInventory $file, Exclusion $exclusion): void
    {
        unset($this->wanted[$file->path]);
        $classes = array_map(static fn ($d): string => $d->name, $this->context->classLikes($file));
        $this->droppedFiles[$file->path] = new DroppedFile($file->path, $exclusion, $classes);
        foreach ($classes as $class) {
            $this->droppedClasses[strtolower($class)] ??= new DroppedClass($class, $file->path, $exclusion);
        }
    }

    /** Drops a file because of one class in it: the other classes are out because they share its file. */
    public function dropFileFor(FileInventory $file, string $class, Exclusion $exclusion): void
    {
        $isClass = [] !== array_filter($this->context->classLikes($file), static fn ($d): bool => $d->name === $class);
        if (!$isClass) {
            // A function's reason applies to the whole file: its classes are out for the same reason.
            $this->dropFile($file, $exclusion);

            return;
        }
        unset($this->wanted[$file->path]);
        $classes = array_map(static fn ($d): string => $d->name, $this->context->classLikes($file));
        $this->droppedFiles[$file->path] = new DroppedFile($file->path, $exclusion, $classes);
        $this->droppedClasses[strtolower($class)] = new DroppedClass($class, $file->path, $exclusion);
        foreach ($classes as $other) {
            if ($other !== $class) {
                $this->droppedClasses[strtolower($other)] ??= new DroppedClass(
                    $other,
                    $file->path,
                    new Exclusion(
                        DropReason::SharesFile,
                        \sprintf('declared in the same file as %s, which is left out', $class),
                        $class,
                    ),
                );
            }
        }
    }

    public function droppedClass(string $name): ?DroppedClass
    {
        return $this->droppedClasses[strtolower(ltrim($name, '\\'))] ?? null;
    }
}
