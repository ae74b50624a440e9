<?php

declare(strict_types=1);

namespace Preheat\Inventory;

use PhpParser\Node;
use PhpParser\Node\Expr;
use PhpParser\Node\Name;
use PhpParser\Node\Stmt;

/**
 * Walks a file's top-level statements (names resolved): what it declares there, what it declares only when
 * code runs (inside an `if`, a loop, a try), what never runs (after a top-level `return;`), and which
 * statements have side effects.
 *
 * @internal
 */
final class TopLevelScanner
{
    /** Calls that only ask whether something exists: harmless when skipped. */
    private const HINT_FUNCTIONS = [
        'class_exists', 'interface_exists', 'trait_exists', 'enum_exists', 'function_exists',
    ];

    /** @param array<Node> $statements the file's, with names resolved */
    public static function scan(array $statements): TopLevelScan
    {
        $scan = new TopLevelScan();
        self::scanStatements($statements, null, $scan);
        self::judgeReturnGuards($scan);

        return $scan;
    }

    /**
     * @param array<Node> $statements
     * @param string|null $context    null at top level, else why declarations here are conditional
     */
    private static function scanStatements(array $statements, ?string $context, TopLevelScan $scan): void
    {
        foreach ($statements as $statement) {
            self::scanStatement($statement, $context, $scan);
        }
    }

    private static function scanStatement(Node $statement, ?string $context, TopLevelScan $scan): void
    {
        $line = $statement->getStartLine();
        if (null === $context && null !== $scan->returnedOnLine
            && !$statement instanceof Stmt\Namespace_ && !$statement instanceof Stmt\Declare_) {
            self::scanAfterReturn($statement, $scan);

            return;
        }
        switch (true) {
            case $statement instanceof Stmt\Namespace_:
                self::scanStatements($statement->stmts, $context, $scan);

                return;
            case $statement instanceof Stmt\Declare_:
                self::scanStatements($statement->stmts ?? [], $context, $scan);

                return;
            case $statement instanceof Stmt\Use_:
            case $statement instanceof Stmt\GroupUse:
            case $statement instanceof Stmt\Nop:
            case $statement instanceof Stmt\HaltCompiler:
                return;
            case $statement instanceof Stmt\ClassLike:
            case $statement instanceof Stmt\Function_:
                $declaration = self::declarationOf($statement);
                if (null === $declaration) {
                    return;
                }
                if (null === $context) {
                    $scan->declarations[] = $declaration;
                } else {
                    $scan->conditional[] = new ConditionalDeclaration(
                        $declaration->kind,
                        $declaration->name,
                        $line,
                        $context,
                    );
                }

                return;
            case $statement instanceof Stmt\InlineHTML:
                if ('' !== trim($statement->value)) {
                    $scan->sideEffects[] = new SideEffect('outputs inline HTML', $line);
                }

                return;
            case $statement instanceof Stmt\If_ && self::isDependencyGuard($statement):
                return;
            case $statement instanceof Stmt\If_ && null === $context
                && null !== ($names = self::returnGuardNames($statement)):
                $scan->returnGuards[] = ['names' => $names, 'line' => $line];

                return;
            case $statement instanceof Stmt\If_:
                self::scanStatements($statement->stmts, 'inside if', $scan);
                foreach ($statement->elseifs as $elseIf) {
                    self::scanStatements($elseIf->stmts, 'inside if', $scan);
                }
                self::scanStatements($statement->else->stmts ?? [], 'inside if', $scan);

                return;
            case $statement instanceof Stmt\Expression:
                $effect = self::sideEffectOf($statement->expr);
                if (null !== $effect) {
                    $scan->sideEffects[] = new SideEffect($effect, $line);
                }

                return;
            case $statement instanceof Stmt\Const_:
                $names = array_map(
                    static fn (Node\Const_ $c): string => (string) ($c->namespacedName ?? $c->name),
                    $statement->consts,
                );
                $scan->sideEffects[] = new SideEffect('declares constant '.implode(', ', $names), $line);

                return;
            case $statement instanceof Stmt\Echo_:
                $scan->sideEffects[] = new SideEffect('echo', $line);

                return;
            case $statement instanceof Stmt\Return_ && null === $context && null === $statement->expr:
                // A bare `return;` at top level: once preloaded the file is never included, and the
                // include's return value (1 or null) is nothing an autoloader looks at.
                $scan->returnedOnLine = $line;

                return;
            case $statement instanceof Stmt\Return_:
                $scan->sideEffects[] = new SideEffect('returns from the file', $line);

                return;
            default:
                // Stmt\TryCatch => "try catch", Stmt\Foreach_ => "foreach"
                $short = rtrim(substr(strrchr($statement::class, '\\') ?: $statement::class, 1), '_');
                $kind = strtolower((string) preg_replace('/(?<=[a-z])(?=[A-Z])/', ' ', $short));
                $scan->sideEffects[] = new SideEffect(\sprintf('runs a top-level %s statement', $kind), $line);
                foreach ($statement->getSubNodeNames() as $name) {
                    $child = $statement->$name;
                    if (\is_array($child)) {
                        self::collectConditional($child, 'inside '.$kind, $scan);
                    }
                }
        }
    }

    /**
     * What follows a top-level `return;` never runs, so it has no side effects. Its declarations are
     * another matter: PHP declares a class or function while compiling the file (before anything runs)
     * only when it needs nothing else to link: every function, and a class, interface or trait with no
     * parent, interface or trait (enums always implement UnitEnum). The others are declared where they
     * stand, when the code gets there, which it never does (a class with only a parent may be bound early
     * when that parent happens to be loaded already: nothing to count on, so it counts as unreachable).
     * opcache_compile_file() declares every top-level class of the file all the same, so a file with such
     * an unreachable class must not be preloaded: the planner leaves it out.
     */
    private static function scanAfterReturn(Node $statement, TopLevelScan $scan): void
    {
        if (!$statement instanceof Stmt\ClassLike && !$statement instanceof Stmt\Function_) {
            return;
        }
        $declaration = self::declarationOf($statement);
        if (null === $declaration) {
            return;
        }
        $declaredAtCompileTime = $statement instanceof Stmt\Function_
            || (!$statement instanceof Stmt\Enum_ && [] === $declaration->linkDependencies());
        if ($declaredAtCompileTime) {
            $scan->declarations[] = $declaration;
        } else {
            $scan->unreachable[] = new ConditionalDeclaration(
                $declaration->kind,
                $declaration->name,
                $statement->getStartLine(),
                \sprintf('after the top-level return on line %d', $scan->returnedOnLine),
            );
        }
    }

    /**
     * `if (class_exists(X::class, false)) { return; }`: the names asked about, if the statement is such a guard.
     *
     * @return list<string>|null
     */
    private static function returnGuardNames(Stmt\If_ $if): ?array
    {
        if ([] !== $if->elseifs || null !== $if->else || 1 !== \count($if->stmts)
            || !$if->stmts[0] instanceof Stmt\Return_ || null !== $if->stmts[0]->expr) {
            return null;
        }

        return self::existenceChecks($if->cond);
    }

    /**
     * @return list<string>|null the names `class_exists(A) || function_exists('b')` asks about; null for any other
     *                           condition
     */
    private static function existenceChecks(Expr $condition): ?array
    {
        if ($condition instanceof Expr\BinaryOp\BooleanOr || $condition instanceof Expr\BinaryOp\LogicalOr) {
            $left = self::existenceChecks($condition->left);
            $right = self::existenceChecks($condition->right);

            return null === $left || null === $right ? null : [...$left, ...$right];
        }
        if (!$condition instanceof Expr\FuncCall || !$condition->name instanceof Name
            || !\in_array(strtolower($condition->name->getLast()), self::HINT_FUNCTIONS, true)) {
            return null;
        }
        $subject = $condition->getArgs()[0]->value ?? null;

        return match (true) {
            $subject instanceof Node\Scalar\String_ => [ltrim($subject->value, '\\')],
            $subject instanceof Expr\ClassConstFetch && $subject->class instanceof Name
                && $subject->name instanceof Node\Identifier
                && 'class' === strtolower($subject->name->toString()) => [$subject->class->toString()],
            default => null,
        };
    }

    /**
     * A guard that returns when something the file itself declares already exists only stops a second
     * include from declaring it again. Once the file is preloaded that is always so, and the autoloader never
     * includes it: skipping the guard changes nothing. A guard on any other name decides whether the
     * file's declarations happen at all, so it stays a side effect.
     */
    private static function judgeReturnGuards(TopLevelScan $scan): void
    {
        $declared = [];
        foreach ($scan->declarations as $declaration) {
            $declared[strtolower($declaration->name)] = true;
        }
        foreach ($scan->returnGuards as $guard) {
            foreach ($guard['names'] as $name) {
                if (!isset($declared[strtolower($name)])) {
                    $scan->sideEffects[] = new SideEffect(
                        \sprintf('returns from the file if %s exists', $name),
                        $guard['line'],
                    );
                    break;
                }
            }
        }
        usort($scan->sideEffects, static fn (SideEffect $a, SideEffect $b): int => $a->line <=> $b->line);
    }

    /** @param array<mixed> $nodes */
    private static function collectConditional(array $nodes, string $context, TopLevelScan $scan): void
    {
        foreach ($nodes as $node) {
            if ($node instanceof Stmt\ClassLike || $node instanceof Stmt\Function_) {
                $declaration = self::declarationOf($node);
                if (null !== $declaration) {
                    $scan->conditional[] = new ConditionalDeclaration(
                        $declaration->kind,
                        $declaration->name,
                        $node->getStartLine(),
                        $context,
                    );
                }
            } elseif ($node instanceof Node) {
                foreach ($node->getSubNodeNames() as $name) {
                    if (\is_array($node->$name)) {
                        self::collectConditional($node->$name, $context, $scan);
                    }
                }
            }
        }
    }

    /**
     * `if (!interface_exists(X::class)) { throw ...; }`: it only refuses to load when a dependency is
     * missing. Skipping it is harmless: a class whose dependency is missing is left out anyway.
     */
    private static function isDependencyGuard(Stmt\If_ $if): bool
    {
        if ([] !== $if->elseifs || null !== $if->else || [] === $if->stmts) {
            return false;
        }
        foreach ($if->stmts as $statement) {
            if (!$statement instanceof Stmt\Expression || !$statement->expr instanceof Expr\Throw_) {
                return false;
            }
        }

        return self::onlyAsksWhetherThingsExist($if->cond);
    }

    private static function onlyAsksWhetherThingsExist(Expr $condition): bool
    {
        return match (true) {
            $condition instanceof Expr\BooleanNot => self::onlyAsksWhetherThingsExist($condition->expr),
            $condition instanceof Expr\BinaryOp\BooleanAnd,
            $condition instanceof Expr\BinaryOp\BooleanOr => self::onlyAsksWhetherThingsExist($condition->left)
                && self::onlyAsksWhetherThingsExist($condition->right),
            $condition instanceof Expr\FuncCall => $condition->name instanceof Name
                && \in_array(
                    strtolower($condition->name->getLast()),
                    [...self::HINT_FUNCTIONS, 'extension_loaded'],
                    true,
                ),
            default => false,
        };
    }

    private static function sideEffectOf(Expr $expr): ?string
    {
        // `defined('X') || define('X', 1)`: name what runs, not the operator around it.
        if ($expr instanceof Expr\BinaryOp\BooleanOr || $expr instanceof Expr\BinaryOp\LogicalOr
            || $expr instanceof Expr\BinaryOp\BooleanAnd || $expr instanceof Expr\BinaryOp\LogicalAnd) {
            $effect = self::sideEffectOf($expr->right);

            return null === $effect ? self::sideEffectOf($expr->left) : $effect.' (conditionally)';
        }
        if ($expr instanceof Expr\FuncCall && $expr->name instanceof Name) {
            $function = strtolower($expr->name->getLast());
            if (\in_array($function, self::HINT_FUNCTIONS, true)) {
                return null;
            }
            if ('define' === $function || 'class_alias' === $function) {
                return \sprintf('%s(%s)', $function, self::describeArguments($expr));
            }

            return \sprintf('calls %s()', $expr->name->toString());
        }

        return match (true) {
            $expr instanceof Expr\Include_ => 'includes another file',
            $expr instanceof Expr\Print_ => 'prints output',
            $expr instanceof Expr\Exit_ => 'exits',
            $expr instanceof Expr\Assign, $expr instanceof Expr\AssignOp,
            $expr instanceof Expr\AssignRef => 'assigns a variable',
            $expr instanceof Expr\StaticCall, $expr instanceof Expr\MethodCall,
            $expr instanceof Expr\NullsafeMethodCall => 'calls a method',
            $expr instanceof Expr\New_ => 'creates an object',
            default => 'runs an expression',
        };
    }

    private static function describeArguments(Expr\FuncCall $call): string
    {
        $parts = [];
        foreach ($call->getArgs() as $argument) {
            $value = $argument->value;
            $parts[] = match (true) {
                $value instanceof Node\Scalar\String_ => var_export($value->value, true),
                $value instanceof Expr\ClassConstFetch && $value->class instanceof Name
                    && $value->name instanceof Node\Identifier => $value->class->toString()
                        .'::'.$value->name->toString(),
                default => '...',
            };
        }

        return implode(', ', $parts);
    }

    private static function declarationOf(Stmt\ClassLike|Stmt\Function_ $node): ?Declaration
    {
        $name = $node->namespacedName?->toString();
        if (null === $name) {
            return null;
        }
        $line = $node->getStartLine();
        if ($node instanceof Stmt\Function_) {
            return new Declaration(DeclarationKind::FunctionDeclaration, $name, $line);
        }

        $traits = LinkNames::traits($node);
        $methods = SignatureReader::methodsOf($node);
        $properties = SignatureReader::propertiesOf($node);
        $constants = SignatureReader::constantsOf($node);

        return match (true) {
            $node instanceof Stmt\Class_ => new Declaration(
                DeclarationKind::ClassDeclaration, $name, $line, $node->extends?->toString(),
                LinkNames::of($node->implements), $traits, $methods, $node->isReadonly(), $properties, $constants,
            ),
            $node instanceof Stmt\Interface_ => new Declaration(
                DeclarationKind::InterfaceDeclaration, $name, $line, null, LinkNames::of($node->extends), [], $methods,
                properties: $properties, constants: $constants,
            ),
            $node instanceof Stmt\Enum_ => new Declaration(
                DeclarationKind::EnumDeclaration, $name, $line, null,
                LinkNames::of($node->implements), $traits, $methods, constants: $constants,
            ),
            default => new Declaration(
                DeclarationKind::TraitDeclaration, $name, $line, null, [], $traits, $methods, properties: $properties,
                constants: $constants,
            ),
        };
    }
}
