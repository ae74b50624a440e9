<?php

declare(strict_types=1);

namespace Preheat\Inventory;

/**
 * What one PHP file declares at top level, what it declares conditionally, and what else it does.
 */
final class FileInventory
{
    /**
     * @param list<Declaration>            $declarations
     * @param list<ConditionalDeclaration> $conditionalDeclarations
     * @param list<SideEffect>             $sideEffects
     * @param list<Declaration>            $anonymousClasses
     * @param list<ConditionalDeclaration> $unreachableDeclarations top-level classes after a top-level `return;`
     *                                                              that PHP never declares, but preloading would
     */
    public function __construct(
        public readonly string $path,
        public readonly FileStamp $stamp,
        public readonly array $declarations = [],
        public readonly array $conditionalDeclarations = [],
        public readonly array $sideEffects = [],
        public readonly ?string $parseError = null,
        public readonly array $anonymousClasses = [],
        public readonly array $unreachableDeclarations = [],
        public readonly IncludeFacts $includes = new IncludeFacts(),
        /** When the file uses syntax PHP 8.2 lacks: the oldest PHP that can compile it, and why */
        public readonly ?SyntaxRequirement $syntax = null,
    ) {
    }

    public static function unparsable(string $path, int $size, int $modifiedAt, string $error): self
    {
        return new self($path, new FileStamp($size, $modifiedAt), parseError: $error);
    }

    /** Whether PHP $phpVersion ('8.2.29') can compile the file, by the syntax it uses. */
    public function compilesOn(string $phpVersion): bool
    {
        return null === $this->syntax || $this->syntax->metBy($phpVersion);
    }

    /** @return list<Declaration> */
    public function classLikes(): array
    {
        return array_values(
            array_filter($this->declarations, static fn (Declaration $d): bool => $d->kind->isClassLike()),
        );
    }

    /**
     * Every class PHP will try to link when it preloads this file: the named ones and the anonymous ones.
     *
     * @return list<Declaration>
     */
    public function linkedClasses(): array
    {
        return [...$this->classLikes(), ...$this->anonymousClasses];
    }

    /** @return list<Declaration> */
    public function functions(): array
    {
        return array_values(
            array_filter($this->declarations, static fn (Declaration $d): bool => !$d->kind->isClassLike()),
        );
    }

    public function hasSideEffects(): bool
    {
        return [] !== $this->sideEffects;
    }

    /** @return array<string, mixed> */
    public function toArray(): array
    {
        $data = [
            'path' => $this->path,
            'size' => $this->stamp->size,
            'mtime' => $this->stamp->modifiedAt,
            'declarations' => array_map(static fn (Declaration $d): array => $d->toArray(), $this->declarations),
            'conditional' => array_map(
                static fn (ConditionalDeclaration $d): array => $d->toArray(),
                $this->conditionalDeclarations,
            ),
            'sideEffects' => array_map(
                static fn (SideEffect $s): array => [$s->description, $s->line],
                $this->sideEffects,
            ),
            'parseError' => $this->parseError,
            'anonymous' => array_map(static fn (Declaration $d): array => $d->toArray(), $this->anonymousClasses),
            'unreachable' => array_map(
                static fn (ConditionalDeclaration $d): array => $d->toArray(),
                $this->unreachableDeclarations,
            ),
        ];
        if ([] !== $this->includes->guarded) {
            $data['guardedIncludes'] = array_map(
                static fn (GuardedInclude $g): array => $g->toArray(),
                $this->includes->guarded,
            );
        }
        if ([] !== $this->includes->constants) {
            $data['constants'] = $this->includes->constants;
        }
        if (null !== $this->syntax) {
            $data['syntax'] = [$this->syntax->version, $this->syntax->reason];
        }

        return $data;
    }

    /** @param array<string, mixed> $data */
    public static function fromArray(array $data): self
    {
        $declarations = [];
        foreach ($data['declarations'] as $declaration) {
            $declarations[] = Declaration::fromArray($declaration);
        }

        return new self(
            $data['path'],
            new FileStamp($data['size'], $data['mtime']),
            $declarations,
            array_values(array_map(ConditionalDeclaration::fromArray(...), $data['conditional'])),
            array_values(
                array_map(static fn (array $s): SideEffect => new SideEffect($s[0], $s[1]), $data['sideEffects']),
            ),
            $data['parseError'],
            array_values(array_map(Declaration::fromArray(...), $data['anonymous'])),
            array_values(array_map(ConditionalDeclaration::fromArray(...), $data['unreachable'])),
            new IncludeFacts(
                array_values(array_map(GuardedInclude::fromArray(...), $data['guardedIncludes'] ?? [])),
                $data['constants'] ?? [],
            ),
            isset($data['syntax'][0]) ? new SyntaxRequirement($data['syntax'][0], $data['syntax'][1] ?? null) : null,
        );
    }
}
