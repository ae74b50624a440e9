<?php

declare(strict_types=1);

namespace Preheat\Inventory;

use PhpParser\Error as ParseError;
use PhpParser\Node;
use PhpParser\Node\Expr;
use PhpParser\Node\Name;
use PhpParser\Node\Stmt;
use PhpParser\NodeTraverser;
use PhpParser\NodeVisitor\NameResolver;
use PhpParser\Parser;
use PhpParser\ParserFactory;
use PhpParser\PhpVersion;
use Preheat\Util\BoundedRead;
use Preheat\Util\BoundedReadError;

/**
 * Reads one PHP file and tells what it declares at top level, what it needs to link,
 * what it declares only when code runs, and which top-level statements have side effects.
 */
final class FileAnalyzer
{
    /** Calls that only ask whether something exists: harmless when skipped. */
    /**
     * The largest PHP file read: parsing takes about a hundred times a file's size in memory, so a file of
     * tens of megabytes (generated data, not code to preload) would exhaust it. SourceFinder skips larger ones.
     */
    public const MAX_BYTES = 8 * 1024 * 1024;

    private const HINT_FUNCTIONS = [
        'class_exists', 'interface_exists', 'trait_exists', 'enum_exists', 'function_exists',
    ];

    private readonly Parser $parser;

    /**
     * @param PhpVersion|null $targetVersion the grammar to parse with; by default the newest php-parser knows,
     *                                       whatever PHP runs Preheat: the plan is for the PHP that will run
     *                                       the script, and a file's syntaxVersion says which PHP can compile it
     */
    public function __construct(private readonly ?PhpVersion $targetVersion = null)
    {
        $factory = new ParserFactory();
        $this->parser = null === $targetVersion
            ? $factory->createForNewestSupportedVersion()
            : $factory->createForVersion($targetVersion);
    }

    /** The grammar's PHP version ('8.3') when one was given, for a worker process to parse with the same. */
    public function grammarVersion(): ?string
    {
        return null === $this->targetVersion
            ? null
            : \sprintf('%d.%d', intdiv($this->targetVersion->id, 10000), intdiv($this->targetVersion->id % 10000, 100));
    }

    public function analyze(string $path): FileInventory
    {
        $read = $this->read($path);

        return $read instanceof FileInventory ? $read : $this->analyzeCode($path, ...$read);
    }

    /**
     * As analyze(), and a file that names `__DIR__` or `__FILE__` is analysed at its PathTemplate too: what its
     * include paths and constants hold is then in template tokens (PathTemplate::rebase() puts a path in), so that
     * the analysis can be reused at another path of the same depth. Only then: in any other file, text that
     * looks like a token is the file's own.
     */
    public function analyzeForReuse(string $path): ParsedFile
    {
        $read = $this->read($path);
        if ($read instanceof FileInventory) {
            return new ParsedFile($read);
        }
        if (!PathTemplate::appliesTo($path, $read[0])) {
            return new ParsedFile($this->analyzeCode($path, ...$read));
        }
        $templated = $this->analyzeCode(PathTemplate::of($path), ...$read)->toArray();

        return ParsedFile::fromTemplated(['path' => $path] + $templated, $path);
    }

    /** @return array{0: string, 1: int, 2: int}|FileInventory the code, size and mtime, or why it cannot be read */
    private function read(string $path): array|FileInventory
    {
        $size = @filesize($path);
        $modifiedAt = @filemtime($path);
        try {
            $code = BoundedRead::file($path, self::MAX_BYTES);
        } catch (BoundedReadError $error) {
            if ($error->isTooLarge()) {
                return FileInventory::unparsable($path, (int) $size, (int) $modifiedAt, $error->reason.': not parsed');
            }
            $code = false;
        }
        if (false === $code || false === $size || false === $modifiedAt) {
            return FileInventory::unparsable(
                $path,
                (int) $size,
                (int) $modifiedAt,
                'cannot be read: check that it exists and its permissions',
            );
        }

        return [$code, $size, $modifiedAt];
    }

    public function analyzeCode(string $path, string $code, int $size = 0, int $modifiedAt = 0): FileInventory
    {
        try {
            $statements = $this->parser->parse($code) ?? [];
        } catch (ParseError $error) {
            return FileInventory::unparsable($path, $size, $modifiedAt, $error->getMessage());
        }

        $nested = new NestedDeclarationCollector();
        $syntax = new SyntaxVersion();
        $sightings = new NodeSightings();
        $traverser = new NodeTraverser(new NameResolver(), $nested, $syntax, $sightings);
        $statements = $traverser->traverse($statements);

        $scan = new TopLevelScan();
        $this->scanStatements($statements, null, $scan);
        $this->judgeReturnGuards($scan);
        $guardedIncludes = $sightings->includes ? (new GuardedIncludeCollector($path))->collect($statements) : [];
        $constants = $this->definedConstants($path, $sightings->defineCalls);

        return new FileInventory(
            $path,
            $size,
            $modifiedAt,
            $scan->declarations,
            [...$scan->conditional, ...$nested->declarations],
            $scan->sideEffects,
            null,
            $nested->anonymousClasses,
            $scan->unreachable,
            $guardedIncludes,
            $constants,
            $syntax->version,
            $syntax->reason,
        );
    }

    /**
     * Every define('NAME', value) in the file, anywhere, with its value as `StaticPath` parts: what
     * include paths built from constants need (`ConstantTable`).
     *
     * @param list<Expr\FuncCall> $defineCalls the file's define() calls, in order
     *
     * @return array<string, list<list<array{string, string}>>>
     */
    private function definedConstants(string $path, array $defineCalls): array
    {
        if ([] === $defineCalls) {
            return [];
        }
        $paths = new StaticPath($path);
        $constants = [];
        foreach ($defineCalls as $call) {
            $args = $call->args;
            if (isset($args[0], $args[1]) && $args[0] instanceof Node\Arg && $args[1] instanceof Node\Arg
                && $args[0]->value instanceof Node\Scalar\String_) {
                $constants[ltrim($args[0]->value->value, '\\')][] = $paths->parts($args[1]->value);
            }
        }

        return $constants;
    }

    /**
     * @param array<Node> $statements
     * @param string|null $context    null at top level, else why declarations here are conditional
     */
    private function scanStatements(array $statements, ?string $context, TopLevelScan $scan): void
    {
        foreach ($statements as $statement) {
            $this->scanStatement($statement, $context, $scan);
        }
    }

    private function scanStatement(Node $statement, ?string $context, TopLevelScan $scan): void
    {
        $line = $statement->getStartLine();
        if (null === $context && null !== $scan->returnedOnLine
            && !$statement instanceof Stmt\Namespace_ && !$statement instanceof Stmt\Declare_) {
            $this->scanAfterReturn($statement, $scan);

            return;
        }
        switch (true) {
            case $statement instanceof Stmt\Namespace_:
                $this->scanStatements($statement->stmts, $context, $scan);

                return;
            case $statement instanceof Stmt\Declare_:
                $this->scanStatements($statement->stmts ?? [], $context, $scan);

                return;
            case $statement instanceof Stmt\Use_:
            case $statement instanceof Stmt\GroupUse:
            case $statement instanceof Stmt\Nop:
            case $statement instanceof Stmt\HaltCompiler:
                return;
            case $statement instanceof Stmt\ClassLike:
            case $statement instanceof Stmt\Function_:
                $declaration = $this->declarationOf($statement);
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
            case $statement instanceof Stmt\If_ && $this->isDependencyGuard($statement):
                return;
            case $statement instanceof Stmt\If_ && null === $context
                && null !== ($names = $this->returnGuardNames($statement)):
                $scan->returnGuards[] = ['names' => $names, 'line' => $line];

                return;
            case $statement instanceof Stmt\If_:
                $this->scanStatements($statement->stmts, 'inside if', $scan);
                foreach ($statement->elseifs as $elseIf) {
                    $this->scanStatements($elseIf->stmts, 'inside if', $scan);
                }
                $this->scanStatements($statement->else->stmts ?? [], 'inside if', $scan);

                return;
            case $statement instanceof Stmt\Expression:
                $effect = $this->sideEffectOf($statement->expr);
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
                        $this->collectConditional($child, 'inside '.$kind, $scan);
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
    private function scanAfterReturn(Node $statement, TopLevelScan $scan): void
    {
        if (!$statement instanceof Stmt\ClassLike && !$statement instanceof Stmt\Function_) {
            return;
        }
        $declaration = $this->declarationOf($statement);
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
    private function returnGuardNames(Stmt\If_ $if): ?array
    {
        if ([] !== $if->elseifs || null !== $if->else || 1 !== \count($if->stmts)
            || !$if->stmts[0] instanceof Stmt\Return_ || null !== $if->stmts[0]->expr) {
            return null;
        }

        return $this->existenceChecks($if->cond);
    }

    /**
     * @return list<string>|null the names `class_exists(A) || function_exists('b')` asks about; null for any other
     *                           condition
     */
    private function existenceChecks(Expr $condition): ?array
    {
        if ($condition instanceof Expr\BinaryOp\BooleanOr || $condition instanceof Expr\BinaryOp\LogicalOr) {
            $left = $this->existenceChecks($condition->left);
            $right = $this->existenceChecks($condition->right);

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
    private function judgeReturnGuards(TopLevelScan $scan): void
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
    private function collectConditional(array $nodes, string $context, TopLevelScan $scan): void
    {
        foreach ($nodes as $node) {
            if ($node instanceof Stmt\ClassLike || $node instanceof Stmt\Function_) {
                $declaration = $this->declarationOf($node);
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
                        $this->collectConditional($node->$name, $context, $scan);
                    }
                }
            }
        }
    }

    /**
     * `if (!interface_exists(X::class)) { throw ...; }`: it only refuses to load when a dependency is
     * missing. Skipping it is harmless: a class whose dependency is missing is left out anyway.
     */
    private function isDependencyGuard(Stmt\If_ $if): bool
    {
        if ([] !== $if->elseifs || null !== $if->else || [] === $if->stmts) {
            return false;
        }
        foreach ($if->stmts as $statement) {
            if (!$statement instanceof Stmt\Expression || !$statement->expr instanceof Expr\Throw_) {
                return false;
            }
        }

        return $this->onlyAsksWhetherThingsExist($if->cond);
    }

    private function onlyAsksWhetherThingsExist(Expr $condition): bool
    {
        return match (true) {
            $condition instanceof Expr\BooleanNot => $this->onlyAsksWhetherThingsExist($condition->expr),
            $condition instanceof Expr\BinaryOp\BooleanAnd,
            $condition instanceof Expr\BinaryOp\BooleanOr => $this->onlyAsksWhetherThingsExist($condition->left)
                && $this->onlyAsksWhetherThingsExist($condition->right),
            $condition instanceof Expr\FuncCall => $condition->name instanceof Name
                && \in_array(
                    strtolower($condition->name->getLast()),
                    [...self::HINT_FUNCTIONS, 'extension_loaded'],
                    true,
                ),
            default => false,
        };
    }

    private function sideEffectOf(Expr $expr): ?string
    {
        // `defined('X') || define('X', 1)`: name what runs, not the operator around it.
        if ($expr instanceof Expr\BinaryOp\BooleanOr || $expr instanceof Expr\BinaryOp\LogicalOr
            || $expr instanceof Expr\BinaryOp\BooleanAnd || $expr instanceof Expr\BinaryOp\LogicalAnd) {
            $effect = $this->sideEffectOf($expr->right);

            return null === $effect ? $this->sideEffectOf($expr->left) : $effect.' (conditionally)';
        }
        if ($expr instanceof Expr\FuncCall && $expr->name instanceof Name) {
            $function = strtolower($expr->name->getLast());
            if (\in_array($function, self::HINT_FUNCTIONS, true)) {
                return null;
            }
            if ('define' === $function || 'class_alias' === $function) {
                return \sprintf('%s(%s)', $function, $this->describeArguments($expr));
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

    private function describeArguments(Expr\FuncCall $call): string
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

    private function declarationOf(Stmt\ClassLike|Stmt\Function_ $node): ?Declaration
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
