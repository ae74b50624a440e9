<?php

declare(strict_types=1);

namespace Preheat\Plan;

/**
 * What a preload script will compile, in dependency order, and everything left out with its reason.
 */
final class PreloadPlan
{
    /**
     * @param list<PlannedFile>           $included       in the order the script compiles them (parents first)
     * @param array<string, DroppedFile>  $droppedFiles   keyed by path
     * @param array<string, DroppedClass> $droppedClasses keyed by lower-case class name
     * @param list<string>                $roots
     */
    public function __construct(
        public readonly string $strategy,
        public readonly string $projectRoot,
        public readonly array $roots,
        public readonly array $included,
        public readonly array $droppedFiles,
        public readonly array $droppedClasses,
        public readonly int $scannedFiles,
    ) {
    }

    public function classCount(): int
    {
        return array_sum(array_map(static fn (PlannedFile $f): int => \count($f->classes), $this->included));
    }

    public function functionCount(): int
    {
        return array_sum(array_map(static fn (PlannedFile $f): int => \count($f->functions), $this->included));
    }

    public function includes(string $path): bool
    {
        foreach ($this->included as $file) {
            if ($file->path === $path) {
                return true;
            }
        }

        return false;
    }

    public function includedFile(string $path): ?PlannedFile
    {
        foreach ($this->included as $file) {
            if ($file->path === $path) {
                return $file;
            }
        }

        return null;
    }

    public function includedFileDeclaring(string $class): ?PlannedFile
    {
        foreach ($this->included as $file) {
            foreach ($file->classes as $name) {
                if (0 === strcasecmp($name, $class)) {
                    return $file;
                }
            }
        }

        return null;
    }

    public function droppedClass(string $class): ?DroppedClass
    {
        return $this->droppedClasses[strtolower(ltrim($class, '\\'))] ?? null;
    }

    /**
     * How many files were left out for each reason, largest first.
     *
     * @return array<string, int>
     */
    public function droppedFileCountsByReason(): array
    {
        return self::countByReason($this->droppedFiles);
    }

    /** @return array<string, int> */
    public function droppedClassCountsByReason(): array
    {
        return self::countByReason($this->droppedClasses);
    }

    /**
     * @param array<DroppedFile|DroppedClass> $entries
     *
     * @return array<string, int>
     */
    private static function countByReason(array $entries): array
    {
        $counts = [];
        foreach ($entries as $entry) {
            $reason = $entry->exclusion->reason->value;
            $counts[$reason] = ($counts[$reason] ?? 0) + 1;
        }
        arsort($counts);

        return $counts;
    }
}
