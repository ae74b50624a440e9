<?php

declare(strict_types=1);

namespace Preheat\Inventory;

use PhpParser\Node;
use PhpParser\Node\Stmt;
use PhpParser\NodeVisitorAbstract;

/**
 * Finds named classes and functions declared inside a function or method body,
 * in the same pass as name resolution so that a file is walked once. It must run after
 * php-parser's NameResolver in the same traverser, so that the names it reads are resolved.
 *
 * @internal
 */
final class NestedDeclarationCollector extends NodeVisitorAbstract
{
    /** @var list<ConditionalDeclaration> */
    public array $declarations = [];

    /**
     * Anonymous classes: OPcache compiles and tries to link them at preload too, so what they
     * extend, implement and use must be there as for a named class.
     *
     * @var list<Declaration>
     */
    public array $anonymousClasses = [];

    private int $functionDepth = 0;

    public function enterNode(Node $node): null
    {
        $declares = $node instanceof Stmt\ClassLike || $node instanceof Stmt\Function_;
        if ($this->functionDepth > 0 && $declares && null !== $node->name) {
            $kind = match (true) {
                $node instanceof Stmt\Function_ => DeclarationKind::FunctionDeclaration,
                $node instanceof Stmt\Interface_ => DeclarationKind::InterfaceDeclaration,
                $node instanceof Stmt\Trait_ => DeclarationKind::TraitDeclaration,
                $node instanceof Stmt\Enum_ => DeclarationKind::EnumDeclaration,
                default => DeclarationKind::ClassDeclaration,
            };
            $name = $node->namespacedName?->toString() ?? $node->name->toString();
            $this->declarations[] = new ConditionalDeclaration(
                $kind,
                $name,
                $node->getStartLine(),
                'inside a function',
            );
        }
        if ($node instanceof Node\FunctionLike) {
            ++$this->functionDepth;
        }

        return null;
    }

    public function leaveNode(Node $node): null
    {
        // On leaving, not entering: the resolver renames a class's trait uses only when it visits
        // them, after the class node itself, and an unresolved `use T;` would name a class that is not there.
        if ($node instanceof Stmt\Class_ && null === $node->name) {
            $line = $node->getStartLine();
            $this->anonymousClasses[] = new Declaration(
                DeclarationKind::ClassDeclaration,
                'class@anonymous on line '.$line,
                $line,
                $node->extends?->toString(),
                LinkNames::of($node->implements),
                LinkNames::traits($node),
                SignatureReader::methodsOf($node),
                $node->isReadonly(),
                SignatureReader::propertiesOf($node),
                SignatureReader::constantsOf($node),
            );
        }
        if ($node instanceof Node\FunctionLike) {
            --$this->functionDepth;
        }

        return null;
    }
}
