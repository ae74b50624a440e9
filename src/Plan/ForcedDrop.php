<?php

declare(strict_types=1);

namespace Preheat\Plan;

/**
 * A class or file that must stay out of the plan whatever the planner's rules say, with the reason and
 * where the decision came from (PHP refused it at verification, a link cycle, ...).
 */
final class ForcedDrop
{
    private function __construct(
        /** the class name as PHP spells it, or the file's real path */
        public readonly string $subject,
        public readonly bool $isFile,
        /** why, in the words the plan shows (what PHP said, for a refusal) */
        public readonly string $why,
        public readonly DropOrigin $origin,
        /** for a link cycle: the class on the cycle that closes it */
        public readonly ?string $partner = null,
    ) {
    }

    /** A class PHP could not link when it booted the script. */
    public static function unlinkedClass(string $class, string $said): self
    {
        return new self($class, false, 'PHP could not link it at start-up: '.$said, DropOrigin::Verification);
    }

    /** A planned file PHP complained about when it booted the script. */
    public static function refusedFile(string $path, string $said): self
    {
        return new self($path, true, 'PHP said at start-up: '.$said, DropOrigin::Verification);
    }

    /** A class or file the script's header records PHP refused at its last verification. */
    public static function recorded(string $subject, bool $isFile, string $said): self
    {
        return new self(
            $subject,
            $isFile,
            'PHP refused it at the last verification: '.$said,
            DropOrigin::LastVerification,
        );
    }

    /** A class on a cycle of link dependencies between files, closed by $partner. */
    public static function linkCycle(string $class, string $partner): self
    {
        return new self(
            $class,
            false,
            \sprintf('it and %s need each other\'s files to link', $partner),
            DropOrigin::LinkCycle,
            $partner,
        );
    }

    /** How the planner finds it: a file by its path, a class by its name lower-cased (PHP's are case-insensitive). */
    public function key(): string
    {
        return $this->isFile ? $this->subject : strtolower(ltrim($this->subject, '\\'));
    }

    /** The exclusion of a class declared as $declared, or of the file, this drop makes. */
    public function exclusion(string $declared): Exclusion
    {
        return DropOrigin::LinkCycle === $this->origin
            ? new Exclusion(
                DropReason::CircularDependency,
                \sprintf('%s and %s need each other\'s files to link', $declared, $this->partner),
            )
            : new Exclusion(DropReason::FailedVerification, $this->why);
    }
}
