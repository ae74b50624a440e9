<?php

declare(strict_types=1);

namespace Preheat\Inventory;

/**
 * A parameter or return type as declared, in disjunctive normal form: each term is a built-in type
 * (lower case: `int`, `null`, `object`, `mixed`, `static`, `self`, `parent`, ...) or one class name, or
 * class names joined by `&` (an intersection). `?Foo` is [Foo, null]; `(A&B)|C` is [A&B, C].
 * Class names are fully qualified, without a leading backslash.
 */
final class DeclaredType
{
    /** Built-in types, and the names that stand for the class being declared (self, static) or its parent. */
    private const BUILTIN = [
        'null', 'false', 'true', 'bool', 'int', 'float', 'string', 'array', 'object', 'iterable', 'callable', 'mixed',
        'void', 'never', 'static', 'self', 'parent',
    ];

    /** @param non-empty-list<string> $terms */
    public function __construct(public readonly array $terms)
    {
    }

    /** @return list<string> every class named in the type, `self`, `static` and `parent` aside */
    public function classNames(): array
    {
        $names = [];
        foreach ($this->terms as $term) {
            foreach (explode('&', $term) as $part) {
                if (self::isClassName($part)) {
                    $names[] = $part;
                }
            }
        }

        return $names;
    }

    public function hasIntersection(): bool
    {
        foreach ($this->terms as $term) {
            if (str_contains($term, '&')) {
                return true;
            }
        }

        return false;
    }

    /** The same type with `self` and `parent` replaced by the names they stand for, where known. */
    public function resolving(?string $self, ?string $parent): self
    {
        $names = array_filter(
            ['self' => $self, 'parent' => $parent],
            static fn (?string $name): bool => null !== $name,
        );
        if ([] === $names) {
            return $this;
        }
        $terms = array_map(static fn (string $term): string => implode('&', array_map(
            static fn (string $part): string => $names[$part] ?? $part,
            explode('&', $term),
        )), $this->terms);

        return new self($terms);
    }

    /** Whether a built-in type such as `object` or `mixed` is one of the terms. */
    public function allows(string $builtin): bool
    {
        return \in_array($builtin, $this->terms, true);
    }

    /** The same terms, whatever their order and case (PHP compares class names without regard to case). */
    public function sameAs(self $other): bool
    {
        return self::normalized($this) === self::normalized($other);
    }

    /** Whether any term names a class or is a type a class name can be checked against (`object`, `iterable`). */
    public function involvesClasses(): bool
    {
        return [] !== $this->classNames() || $this->allows('object') || $this->allows('iterable');
    }

    public function __toString(): string
    {
        if (2 === \count($this->terms) && \in_array('null', $this->terms, true)) {
            $other = 'null' === $this->terms[0] ? $this->terms[1] : $this->terms[0];
            if (!str_contains($other, '&')) {
                return '?'.$other;
            }
        }

        $union = \count($this->terms) > 1;

        return implode('|', array_map(
            static fn (string $t): string => $union && str_contains($t, '&') ? '('.$t.')' : $t,
            $this->terms,
        ));
    }

    /** Whether a single term (not an intersection) names a class, rather than a built-in type or self/static/parent. */
    public static function isClassName(string $term): bool
    {
        return !\in_array(strtolower($term), self::BUILTIN, true);
    }

    /** @return list<string> */
    private static function normalized(self $type): array
    {
        $terms = array_map(static function (string $term): string {
            $parts = explode('&', strtolower($term));
            sort($parts);

            return implode('&', $parts);
        }, $type->terms);
        sort($terms);

        return $terms;
    }
}
