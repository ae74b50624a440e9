<?php

declare(strict_types=1);

namespace Preheat\Plan;

use Preheat\Inventory\Declaration;
use Preheat\Inventory\DeclarationKind;
use Preheat\Inventory\DeclaredType;
use Preheat\Inventory\MethodArity;
use Preheat\Inventory\MethodSignature;

/**
 * The method signatures of PHP's built-in classes and interfaces, read by reflection from the PHP
 * running Preheat, for the built-in ancestors of scanned classes (`getIterator(): Traversable` of
 * IteratorAggregate, checked against `Items::getIterator(): LazyIterator`). Tentative return types count:
 * PHP checks against them the same way, and only turns an incompatibility into a deprecation.
 */
final class BuiltinSignatures
{
    /** @var array<string, Declaration|null> */
    private array $declarations = [];

    public function __construct(private readonly BuiltinSymbols $builtins)
    {
    }

    /** The built-in class-like of that name as a declaration with its methods, or null if the target PHP has none. */
    public function declarationOf(string $name): ?Declaration
    {
        $key = strtolower(ltrim($name, '\\'));
        if (\array_key_exists($key, $this->declarations)) {
            return $this->declarations[$key];
        }
        if (!$this->builtins->hasClass($name) || !(class_exists($name, false) || interface_exists($name, false))) {
            return $this->declarations[$key] = null;
        }
        $class = new \ReflectionClass($name);
        if (!$class->isInternal()) {
            return $this->declarations[$key] = null;
        }
        $methods = [];
        foreach ($class->getMethods() as $method) {
            $signature = $this->signatureOf($method);
            if (null !== $signature) {
                $methods[] = $signature;
            }
        }

        return $this->declarations[$key] = new Declaration(
            $class->isInterface() ? DeclarationKind::InterfaceDeclaration : DeclarationKind::ClassDeclaration,
            $class->getName(),
            0,
            methods: $methods,
        );
    }

    private function signatureOf(\ReflectionMethod $method): ?MethodSignature
    {
        $parameters = [];
        $variadic = false;
        $involvesClasses = false;
        foreach ($method->getParameters() as $parameter) {
            $type = $this->typeOf($parameter->getType());
            $involvesClasses = $involvesClasses || (null !== $type && $type->involvesClasses());
            $parameters[] = ['name' => $parameter->getName(), 'type' => $type];
            $variadic = $parameter->isVariadic();
        }
        $returnType = $this->typeOf(
            $method->hasReturnType() ? $method->getReturnType() : $method->getTentativeReturnType(),
        );
        if (!$involvesClasses && (null === $returnType || !$returnType->involvesClasses())) {
            return null;
        }

        return new MethodSignature(
            name: $method->getName(),
            parameters: $parameters,
            returnType: $returnType,
            abstract: $method->isAbstract(),
            private: $method->isPrivate(),
            arity: new MethodArity(variadic: $variadic),
        );
    }

    private function typeOf(?\ReflectionType $type): ?DeclaredType
    {
        if (null === $type) {
            return null;
        }
        $members = $type instanceof \ReflectionUnionType ? $type->getTypes() : [$type];
        $terms = [$this->termOf($members[0])];
        foreach (\array_slice($members, 1) as $member) {
            $terms[] = $this->termOf($member);
        }
        if (
            $type instanceof \ReflectionNamedType
            && $type->allowsNull()
            && !\in_array($terms[0], ['null', 'mixed'], true)
        ) {
            $terms[] = 'null';
        }

        return new DeclaredType($terms);
    }

    private function termOf(\ReflectionType $type): string
    {
        if ($type instanceof \ReflectionIntersectionType) {
            return implode('&', array_map(fn (\ReflectionType $t): string => $this->termOf($t), $type->getTypes()));
        }
        if ($type instanceof \ReflectionNamedType) {
            return $type->isBuiltin() ? strtolower($type->getName()) : $type->getName();
        }

        return 'mixed';
    }
}
