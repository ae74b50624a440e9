<?php

declare(strict_types=1);

namespace Preheat\Inventory;

/**
 * A file just parsed: its analysis at its own path, and for a file analysed at its PathTemplate (it names
 * `__DIR__` or `__FILE__`) that analysis too, which the content index keeps for other paths of the same depth.
 * Most files have no template: nothing in their analysis comes from their path.
 */
final class ParsedFile
{
    public function __construct(
        public readonly FileInventory $inventory,
        public readonly ?FileInventory $templated = null,
    ) {
    }

    /**
     * @param array<string, mixed> $templated FileInventory::toArray() of the analysis at the PathTemplate of $path
     *                                        (with $path as its path)
     */
    public static function fromTemplated(array $templated, string $path): self
    {
        $inventory = PathTemplate::rebase($templated, $path);

        return $inventory === $templated
            ? new self(FileInventory::fromArray($templated))
            : new self(FileInventory::fromArray($inventory), FileInventory::fromArray($templated));
    }

    /** What the content index keeps for these bytes: the analysis at the template when there is one. */
    public function forContentIndex(): FileInventory
    {
        return $this->templated ?? $this->inventory;
    }

    /**
     * As the worker hands it to the parent: arrays only (FileInventory::toArray()), the template's only when
     * it differs.
     *
     * @return array{0: array<string, mixed>, 1: array<string, mixed>|null}
     */
    public function toArrays(): array
    {
        return [$this->inventory->toArray(), $this->templated?->toArray()];
    }

    /** @param array{0: array<string, mixed>, 1: array<string, mixed>|null} $arrays as toArrays() gave them */
    public static function fromArrays(array $arrays): self
    {
        return new self(
            FileInventory::fromArray($arrays[0]),
            null === $arrays[1] ? null : FileInventory::fromArray($arrays[1]),
        );
    }
}
