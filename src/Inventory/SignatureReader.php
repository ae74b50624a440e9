<?php

declare(strict_types=1);

namespace Preheat\Inventory;

use PhpParser\Node;
use PhpParser\Node\Stmt;
use PhpParser\NodeFinder;

/**
 * Reads the method signatures of a class-like, with names already resolved by php-parser's NameResolver.
 *
 * When PHP links a class, it checks each method that overrides or implements an ancestor's against it;
 * where the two types differ it must load the classes they name, and at preload a class that is not there
 * leaves the class unlinked; where they cannot fit (`bool` for `void`, no return type for `string`) PHP
 * refuses the class. Every method is recorded with its return type, its parameters (a `T $x = null` as ?T,
 * as PHP compares it) and its arity.
 *
 * @internal
 */
final class SignatureReader
{
    /**
     * `self` and `parent` are resolved to the class and its parent, as PHP resolves them before it compares
     * (an ancestor's `m(): self` checked against the child's `m(): B` needs B); in a trait, or an anonymous
     * class, `self` stays `self` (it means the class using the trait).
     *
     * @return list<MethodSignature>
     */
    public static function methodsOf(Stmt\ClassLike $node): array
    {
        $inInterface = $node instanceof Stmt\Interface_;
        $self = $node instanceof Stmt\Trait_ ? null : $node->namespacedName?->toString();
        $parent = $node instanceof Stmt\Class_ ? $node->extends?->toString() : null;
        $resolve = static fn (?DeclaredType $type): ?DeclaredType => null === $type
            ? null
            : $type->resolving($self, $parent);
        $methods = [];
        foreach ($node->getMethods() as $method) {
            $parameters = [];
            $variadic = false;
            // What PHP checks of an override's arity (zend_do_perform_implementation_check): the required
            // arguments (up to the last parameter without a default), the parameters, which pass by reference.
            $required = 0;
            $byReference = [];
            foreach ($method->params as $index => $param) {
                if (null === $param->default && !$param->variadic) {
                    $required = $index + 1;
                }
                if ($param->byRef) {
                    $byReference[] = $index;
                }
                $type = $resolve(self::typeOf($param->type));
                if (null !== $type && $param->default instanceof Node\Expr\ConstFetch
                    && 'null' === $param->default->name->toLowerString()
                    && !$type->allows('null') && !$type->allows('mixed')) {
                    // `T $x = null` is implicitly nullable: PHP compares it as ?T.
                    $type = new DeclaredType([...$type->terms, 'null']);
                }
                $name = $param->var instanceof Node\Expr\Variable && \is_string($param->var->name)
                    ? $param->var->name
                    : '';
                $parameters[] = ['name' => $name, 'type' => $type];
                $variadic = $param->variadic;
            }
            $returnType = $resolve(self::typeOf($method->returnType));
            $methods[] = new MethodSignature(
                name: $method->name->toString(),
                parameters: $parameters,
                returnType: $returnType,
                abstract: $inInterface || $method->isAbstract(),
                private: $method->isPrivate(),
                arity: new MethodArity(
                    variadic: $variadic,
                    required: $required,
                    count: \count($method->params) - ($variadic ? 1 : 0),
                    byReference: $byReference,
                ),
                static: $method->isStatic(),
                returnsReference: $method->byRef,
                override: self::hasOverride($method),
            );
        }

        return $methods;
    }

    /**
     * The properties of a class-like a child inherits (declared, or promoted by the constructor; not private),
     * with what their hooks let a child do with the type (PropertySignature). Names are resolved as for methods.
     * In a readonly class every property is readonly.
     *
     * @return list<PropertySignature>
     */
    public static function propertiesOf(Stmt\ClassLike $node): array
    {
        $abstract = $node instanceof Stmt\Interface_;
        $self = $node instanceof Stmt\Trait_ ? null : $node->namespacedName?->toString();
        $parent = $node instanceof Stmt\Class_ ? $node->extends?->toString() : null;
        $properties = [];
        foreach ($node->getProperties() as $property) {
            foreach ($property->props as $item) {
                $properties[] = $property->isPrivate() ? null : self::property(
                    $item->name->toString(),
                    $property->type,
                    $property->hooks,
                    $abstract || $property->isAbstract(),
                    $property->isStatic(),
                    $property->isReadonly() || ($node instanceof Stmt\Class_ && $node->isReadonly()),
                    $self,
                    $parent,
                );
            }
        }
        foreach ($node->getMethod('__construct')->params ?? [] as $param) {
            if (
                0 !== $param->flags && !$param->isPrivate()
                && $param->var instanceof Node\Expr\Variable && \is_string($param->var->name)
            ) {
                $properties[] = self::property(
                    $param->var->name,
                    $param->type,
                    $param->hooks,
                    false,
                    false,
                    $param->isReadonly() || ($node instanceof Stmt\Class_ && $node->isReadonly()),
                    $self,
                    $parent,
                );
            }
        }

        return array_values(array_filter($properties));
    }

    /**
     * The class constants that are not private, with their types (PHP 8.3) and whether they are final.
     *
     * @return list<ConstantSignature>
     */
    public static function constantsOf(Stmt\ClassLike $node): array
    {
        $self = $node instanceof Stmt\Trait_ ? null : $node->namespacedName?->toString();
        $parent = $node instanceof Stmt\Class_ ? $node->extends?->toString() : null;
        $constants = [];
        foreach ($node->getConstants() as $group) {
            if ($group->isPrivate()) {
                continue;
            }
            $type = self::typeOf($group->type)?->resolving($self, $parent);
            foreach ($group->consts as $constant) {
                $constants[] = new ConstantSignature($constant->name->toString(), $type, $group->isFinal());
            }
        }

        return $constants;
    }

    /** @param array<Node\PropertyHook> $hooks */
    private static function property(
        string $name,
        Node\Identifier|Node\Name|Node\ComplexType|null $typeNode,
        array $hooks,
        bool $abstract,
        bool $static,
        bool $readonly,
        ?string $self,
        ?string $parent,
    ): PropertySignature {
        $type = self::typeOf($typeNode)?->resolving($self, $parent);
        if ([] === $hooks) {
            return new PropertySignature($name, $type, true, true, $static, $readonly);
        }
        // A concrete hooked property is backed (it has a value of its own: readable and writable) when a
        // hook names $this->NAME, or a short `set => EXPR` assigns EXPR to it; else it is virtual: it can
        // only be read or written as its hooks allow, as an abstract one (`{ get; }`) can.
        $kinds = [];
        $backed = false;
        foreach ($hooks as $hook) {
            $kind = $hook->name->toLowerString();
            $kinds[$kind] = true;
            $backed = $backed || (!$abstract && 'set' === $kind && $hook->body instanceof Node\Expr);
        }
        $backed = $backed || (!$abstract && null !== (new NodeFinder())->findFirst(
            $hooks,
            static fn (Node $n): bool => $n instanceof Node\Expr\PropertyFetch
                && $n->var instanceof Node\Expr\Variable && 'this' === $n->var->name
                && $n->name instanceof Node\Identifier && $n->name->toString() === $name,
        ));

        return new PropertySignature(
            $name,
            $type,
            $backed || isset($kinds['get']),
            $backed || isset($kinds['set']),
            $static,
            $readonly,
        );
    }

    private static function hasOverride(Stmt\ClassMethod $method): bool
    {
        foreach ($method->attrGroups as $group) {
            foreach ($group->attrs as $attribute) {
                if ('override' === $attribute->name->toLowerString()) {
                    return true;
                }
            }
        }

        return false;
    }

    private static function typeOf(Node\Identifier|Node\Name|Node\ComplexType|null $type): ?DeclaredType
    {
        if (null === $type) {
            return null;
        }
        if ($type instanceof Node\NullableType) {
            return new DeclaredType([self::termOf($type->type), 'null']);
        }
        if ($type instanceof Node\UnionType) {
            return new DeclaredType([
                self::termOf($type->types[0]),
                ...array_values(array_map(self::termOf(...), \array_slice($type->types, 1))),
            ]);
        }

        return new DeclaredType([self::termOf($type)]);
    }

    private static function termOf(Node $type): string
    {
        return match (true) {
            $type instanceof Node\IntersectionType => implode('&', array_map(self::termOf(...), $type->types)),
            $type instanceof Node\Identifier => $type->toLowerString(),
            $type instanceof Node\Name && $type->isSpecialClassName() => $type->toLowerString(),
            $type instanceof Node\Name => $type->toString(),
            default => 'mixed',
        };
    }
}
