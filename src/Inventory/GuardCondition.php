<?php

declare(strict_types=1);

namespace Preheat\Inventory;

use PhpParser\Node;
use PhpParser\Node\Arg;
use PhpParser\Node\Expr;
use PhpParser\Node\Name;
use PhpParser\Node\Scalar;
use PhpParser\NodeFinder;

/**
 * The functions and classes a condition asks about with function_exists(), class_exists(),
 * interface_exists(), trait_exists(), enum_exists(), method_exists() or is_callable(): by name when
 * the argument is a literal (or `X::class`), by the start of the name when only that is literal
 * (`"WP_Filesystem_$method"`), or "any" when nothing of it is. defined() is not among them: preloading
 * runs no code, so it never defines a constant and a defined() check never answers differently.
 *
 * @internal
 */
final class GuardCondition
{
    /** Calls whose answer changes when a preloaded file declares the name they ask about. */
    private const CHECKS = [
        'function_exists', 'class_exists', 'interface_exists', 'trait_exists', 'enum_exists', 'method_exists',
        'is_callable',
    ];

    /** Calls that ask whether something exists, preloading or not: they make a branch a guard. */
    private const ALL_CHECKS = [...self::CHECKS, 'defined'];

    /**
     * @param list<string> $names    lower-case names asked about
     * @param list<string> $prefixes lower-case starts of names asked about
     */
    public function __construct(
        public readonly array $names = [],
        public readonly array $prefixes = [],
        public readonly bool $anyName = false,
    ) {
    }

    /**
     * What the given conditions ask, or null when they ask no existence question at all.
     *
     * @param array<Node> $conditions
     */
    public static function of(array $conditions): ?self
    {
        $calls = (new NodeFinder())->find($conditions, static fn (Node $n): bool => $n instanceof Expr\FuncCall
            && $n->name instanceof Name
            && \in_array(strtolower($n->name->getLast()), self::ALL_CHECKS, true));
        if ([] === $calls) {
            return null;
        }
        $names = $prefixes = [];
        $anyName = false;
        foreach ($calls as $call) {
            \assert($call instanceof Expr\FuncCall && $call->name instanceof Name);
            if ('defined' === strtolower($call->name->getLast())) {
                continue;
            }
            $argument = $call->args[0] ?? null;
            $value = $argument instanceof Arg ? $argument->value : null;
            [$name, $prefix] = self::nameOf($value);
            if (null !== $name) {
                $names[] = $name;
            } elseif ('' !== $prefix) {
                $prefixes[] = $prefix;
            } else {
                $anyName = true;
            }
        }

        return new self(array_values(array_unique($names)), array_values(array_unique($prefixes)), $anyName);
    }

    public function merge(?self $other): self
    {
        if (null === $other) {
            return $this;
        }

        return new self(
            array_values(array_unique([...$this->names, ...$other->names])),
            array_values(array_unique([...$this->prefixes, ...$other->prefixes])),
            $this->anyName || $other->anyName,
        );
    }

    /** Whether the answer may change once this function or class exists from the start of the request. */
    public function asksAbout(string $name): bool
    {
        $name = strtolower(ltrim($name, '\\'));
        if ($this->anyName || \in_array($name, $this->names, true)) {
            return true;
        }
        foreach ($this->prefixes as $prefix) {
            if (str_starts_with($name, $prefix)) {
                return true;
            }
        }

        return false;
    }

    public function describe(): string
    {
        $parts = [...$this->names, ...array_map(static fn (string $p): string => $p.'*', $this->prefixes)];
        if ($this->anyName) {
            $parts[] = 'a name it cannot tell';
        }

        return [] === $parts ? 'only constants' : implode(', ', $parts);
    }

    /**
     * The whole name, or the literal start of it ('' when none).
     *
     * @return array{string|null, string}
     */
    private static function nameOf(?Expr $value): array
    {
        $literal = match (true) {
            $value instanceof Scalar\String_ => $value->value,
            $value instanceof Expr\ClassConstFetch && $value->class instanceof Name
                && $value->name instanceof Node\Identifier
                && 'class' === strtolower($value->name->toString()) => $value->class->toString(),
            $value instanceof Expr\Array_ && isset($value->items[0]) => self::nameOf($value->items[0]->value)[0],
            default => null,
        };
        if (null !== $literal) {
            // 'Foo::bar' for is_callable(): the class is what a preloaded file declares.
            return [strtolower(ltrim(explode('::', $literal)[0], '\\')), ''];
        }
        $start = match (true) {
            $value instanceof Scalar\InterpolatedString
                && $value->parts[0] instanceof Node\InterpolatedStringPart => $value->parts[0]->value,
            $value instanceof Expr\BinaryOp\Concat => self::nameOf($value->left)[0] ?? self::nameOf($value->left)[1],
            default => '',
        };

        return [null, strtolower(ltrim($start, '\\'))];
    }
}
