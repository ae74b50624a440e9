<?php

declare(strict_types=1);

namespace Preheat\Script\Generate;

use Preheat\Plan\DroppedClass;
use Preheat\Plan\DroppedFile;
use Preheat\Plan\Exclusion;
use Preheat\Plan\PlannedFile;
use Preheat\Plan\PreloadPlan;
use Preheat\Util\BoundedRead;

/**
 * A plan as a ReuseRecord keeps it. A file and the classes it was left out with share one Exclusion, and the script
 * and the report tell them apart by that identity (RefusedHeader, GenerateTextRenderer): a plain copy of each
 * object would lose it, so each exclusion is kept once and named by its index. Files are rows of plain values:
 * thousands of objects decoded one by one (ValueObjectCodec) took longer than the rest of an unchanged re-run's
 * reuse.
 */
final class RecordedPlan
{
    /**
     * @param list<string>    $roots
     * @param list<Exclusion> $exclusions
     * @param string          $rows       serialize()d plain values: the included files [path, classes, functions,
     *                                    why kept or null], the dropped files [path, index in $exclusions, classes]
     *                                    and the dropped classes [name, path, index in $exclusions]
     */
    public function __construct(
        public readonly string $strategy,
        public readonly string $projectRoot,
        public readonly array $roots,
        public readonly array $exclusions,
        public readonly string $rows,
        public readonly int $scannedFiles,
    ) {
    }

    public static function of(PreloadPlan $plan): self
    {
        /** @var array<int, int> $ids object id => index in $table */
        $ids = [];
        $table = [];
        $index = static function (Exclusion $exclusion) use (&$ids, &$table): int {
            $id = spl_object_id($exclusion);
            if (!isset($ids[$id])) {
                $ids[$id] = \count($table);
                $table[] = $exclusion;
            }

            return $ids[$id];
        };
        $files = [];
        foreach ($plan->droppedFiles as $file) {
            $files[] = [$file->path, $index($file->exclusion), $file->classes];
        }
        $classes = [];
        foreach ($plan->droppedClasses as $class) {
            $classes[] = [$class->name, $class->path, $index($class->exclusion)];
        }

        $included = array_map(
            static fn (PlannedFile $f): array => [$f->path, $f->classes, $f->functions, $f->keptBecause],
            $plan->included,
        );

        return new self(
            $plan->strategy,
            $plan->projectRoot,
            $plan->roots,
            $table,
            serialize([$included, $files, $classes]),
            $plan->scannedFiles,
        );
    }

    /**
     * The plan again, keyed as the planner keys it, each exclusion shared as it was.
     *
     * @throws \UnexpectedValueException when a row is not as of() writes it (the record is read from disk)
     */
    public function plan(): PreloadPlan
    {
        // Plain values only: no object is created from the record's bytes.
        $rows = BoundedRead::unserialize($this->rows);
        if (!\is_array($rows) || 3 !== \count($rows) || !\is_array($rows[0] ?? null) || !\is_array($rows[1] ?? null)
            || !\is_array($rows[2] ?? null)) {
            throw new \UnexpectedValueException('not the rows of a plan');
        }
        $included = [];
        foreach ($rows[0] as $file) {
            if (
                !\is_array($file) || 4 !== \count($file) || !\is_string($file[0] ?? null)
                || !\is_array($file[1] ?? null) || !\is_array($file[2] ?? null)
                || !(null === ($file[3] ?? null) || \is_string($file[3]))
            ) {
                throw new \UnexpectedValueException('not a planned file');
            }
            $included[] = new PlannedFile(
                $file[0],
                array_values(array_map(self::string(...), $file[1])),
                array_values(array_map(self::string(...), $file[2])),
                $file[3] ?? null,
            );
        }
        $droppedFiles = [];
        foreach ($rows[1] as $file) {
            if (!\is_array($file) || 3 !== \count($file) || !\is_string($file[0] ?? null)
                || !\is_array($file[2] ?? null)) {
                throw new \UnexpectedValueException('not a dropped file');
            }
            $classes = array_values(array_map(self::string(...), $file[2]));
            $droppedFiles[$file[0]] = new DroppedFile($file[0], $this->exclusion($file[1] ?? null), $classes);
        }
        $droppedClasses = [];
        foreach ($rows[2] as $class) {
            if (!\is_array($class) || 3 !== \count($class) || !\is_string($class[0] ?? null)
                || !\is_string($class[1] ?? null)) {
                throw new \UnexpectedValueException('not a dropped class');
            }
            $exclusion = $this->exclusion($class[2] ?? null);
            $droppedClasses[strtolower($class[0])] = new DroppedClass($class[0], $class[1], $exclusion);
        }

        return new PreloadPlan(
            $this->strategy,
            $this->projectRoot,
            $this->roots,
            $included,
            $droppedFiles,
            $droppedClasses,
            $this->scannedFiles,
        );
    }

    private function exclusion(mixed $index): Exclusion
    {
        if (!\is_int($index) || !isset($this->exclusions[$index])) {
            throw new \UnexpectedValueException('no such exclusion');
        }

        return $this->exclusions[$index];
    }

    private static function string(mixed $value): string
    {
        if (!\is_string($value)) {
            throw new \UnexpectedValueException('not a name');
        }

        return $value;
    }
}
