<?php

declare(strict_types=1);

namespace Preheat\Inventory;

/**
 * Analyses a plain declaration file from PHP's own tokens, without php-parser: a file of a namespace, its `use`
 * imports, `declare`, classes, interfaces, traits and enums, and the few calls and exit guards a class file holds
 * besides (TopLevelStatementReader), whose function bodies are all inert
 * (InertBodies) and which PHP itself parses (TOKEN_PARSE). Most of an app's files are such; what it tells of
 * them is what FileAnalyzer tells from php-parser's tree (bench/analysis-differential.php and
 * PlainFileAnalyzerTest compare the two), at a fraction of the cost. Any other file, or anything in one this
 * reader does not read exactly as php-parser would, it gives up on (null), and FileAnalyzer parses it.
 *
 * @internal
 */
final class PlainFileAnalyzer
{
    /** A token that makes a file more than declarations, wherever it stands. */
    private const NOT_PLAIN = [\T_INCLUDE => true, \T_INCLUDE_ONCE => true, \T_REQUIRE => true,
        \T_REQUIRE_ONCE => true, \T_HALT_COMPILER => true, \T_INLINE_HTML => true, \T_CLOSE_TAG => true,
        \T_OPEN_TAG_WITH_ECHO => true];

    private const CLASS_MODIFIERS = [\T_ABSTRACT => true, \T_FINAL => true, \T_READONLY => true];

    private readonly InertBodies $inert;

    public function __construct(private readonly PhpSyntaxCheck $syntax = new PhpSyntaxCheck())
    {
        // php-parser's lexer defines the tokens of PHP versions newer than the one running, which InertBodies names
        // in constants PHP evaluates when the first is made.
        class_exists(\PhpParser\Lexer::class);
        $this->inert = new InertBodies();
    }

    public function analyze(string $path, string $code, int $size, int $modifiedAt): ?FileInventory
    {
        $tokens = $this->syntax->tokens($code);
        if (null === $tokens || [] === $tokens || \T_OPEN_TAG !== $tokens[0]->id
            || [] !== array_intersect_key(array_flip(array_column($tokens, 'id')), self::NOT_PLAIN)) {
            return null;
        }
        $bodies = [];
        foreach ($this->inert->find($tokens) as [$open, $close]) {
            $bodies[$open] = $close;
        }
        $read = $this->declarations(new TokenStream($tokens), $bodies);

        return null === $read
            ? null
            : new FileInventory($path, new FileStamp($size, $modifiedAt), $read[0], [], $read[1]);
    }

    /**
     * @param array<int, int> $bodies
     *
     * @return array{list<Declaration>, list<SideEffect>}|null
     */
    private function declarations(TokenStream $tokens, array $bodies): ?array
    {
        $names = new ImportedNames();
        $statements = new TopLevelStatementReader($tokens);
        $declarations = [];
        $effects = [];
        $index = $tokens->next(1);
        if (\T_DECLARE === $tokens->id($index)) {
            $index = $this->declare($tokens, $tokens->next($index + 1));
        }
        if (null !== $index && \T_NAMESPACE === $tokens->id($index)) {
            $name = $tokens->next($index + 1);
            $semicolon = $tokens->next($name + 1);
            if ((\T_STRING !== $tokens->id($name) && \T_NAME_QUALIFIED !== $tokens->id($name))
                || 59 !== $tokens->id($semicolon)) {
                return null;
            }
            $names = new ImportedNames($tokens->text($name));
            $index = $tokens->next($semicolon + 1);
        }
        while (null !== $index && $index < $tokens->count) {
            $id = $tokens->id($index);
            if (\T_USE === $id) {
                $index = $this->imports($tokens, $tokens->next($index + 1), $names);
            } elseif (\T_DECLARE === $id || \T_NAMESPACE === $id) {
                return null;
            } elseif (TopLevelStatementReader::starts($id)) {
                $index = $statements->read($index);
                if (null !== $statements->effect) {
                    $effects[] = $statements->effect;
                }
            } else {
                $declaration = $this->classLike($tokens, $index, $names, $bodies);
                if (null === $declaration) {
                    return null;
                }
                [$index, $declarations[]] = $declaration;
            }
            $index = null === $index ? null : $tokens->next($index);
        }

        return null === $index ? null : [$declarations, $effects];
    }

    /** `declare(...);` from the token after `declare`: the index after `;`. */
    private function declare(TokenStream $tokens, int $index): ?int
    {
        if (40 !== $tokens->id($index)) {
            return null;
        }
        $end = $tokens->skipExpression($tokens->next($index + 1));
        if (null === $end || 41 !== $tokens->id($end)) {
            return null;
        }
        $semicolon = $tokens->next($end + 1);

        return 59 === $tokens->id($semicolon) ? $tokens->next($semicolon + 1) : null;
    }

    /** `use` at top level, from the token after it: the index after its `;`. */
    private function imports(TokenStream $tokens, int $index, ImportedNames $names): ?int
    {
        $kind = $this->importKind($tokens, $index);
        if (0 !== $kind) {
            $index = $tokens->next($index + 1);
        }
        while (true) {
            $id = $tokens->id($index);
            if (!isset(TokenStream::CLASS_NAMES[$id]) || \T_NAME_RELATIVE === $id) {
                return null;
            }
            $name = $tokens->text($index);
            $index = $tokens->next($index + 1);
            if (\T_NS_SEPARATOR === $tokens->id($index)) {
                $brace = $tokens->next($index + 1);
                $index = 123 === $tokens->id($brace)
                    ? $this->group($tokens, $tokens->next($brace + 1), $name, $kind, $names)
                    : null;
            } else {
                $index = $this->alias($tokens, $index, $name, $kind, $names);
            }
            if (null === $index) {
                return null;
            }
            $id = $tokens->id($index);
            if (59 === $id) {
                return $index + 1;
            }
            if (44 !== $id) {
                return null;
            }
            $index = $tokens->next($index + 1);
        }
    }

    /** `use Prefix\{A, function b, C as D}` from the token after `{`: the index after `}`. */
    private function group(TokenStream $tokens, int $index, string $prefix, int $kind, ImportedNames $names): ?int
    {
        while (125 !== $tokens->id($index)) {
            $itemKind = $kind;
            if (0 === $kind) {
                $itemKind = $this->importKind($tokens, $index);
                if (0 !== $itemKind) {
                    $index = $tokens->next($index + 1);
                }
            }
            $id = $tokens->id($index);
            if (\T_STRING !== $id && \T_NAME_QUALIFIED !== $id) {
                return null;
            }
            $name = $prefix.'\\'.$tokens->text($index);
            $index = $this->alias($tokens, $tokens->next($index + 1), $name, $itemKind, $names);
            if (null === $index) {
                return null;
            }
            $id = $tokens->id($index);
            if (44 === $id) {
                $index = $tokens->next($index + 1);
            } elseif (125 !== $id) {
                return null;
            }
        }

        return $tokens->next($index + 1);
    }

    /** An optional `as ALIAS` at $index, then the import made: the index after it. */
    private function alias(TokenStream $tokens, int $index, string $name, int $kind, ImportedNames $names): ?int
    {
        $alias = null;
        if (\T_AS === $tokens->id($index)) {
            $aliasAt = $tokens->next($index + 1);
            if (\T_STRING !== $tokens->id($aliasAt)) {
                return null;
            }
            $alias = $tokens->text($aliasAt);
            $index = $tokens->next($aliasAt + 1);
        }

        return $names->import($name, $alias, $kind) ? $index : null;
    }

    private function importKind(TokenStream $tokens, int $index): int
    {
        $id = $tokens->id($index);

        return \T_FUNCTION === $id || \T_CONST === $id ? $id : 0;
    }

    /**
     * A class, interface, trait or enum at $index (its first attribute or modifier): the index after its `}`
     * and what it declares.
     *
     * @param array<int, int> $bodies
     *
     * @return array{int, Declaration}|null
     */
    private function classLike(TokenStream $tokens, int $index, ImportedNames $names, array $bodies): ?array
    {
        $line = $tokens->line($index);
        while (\T_ATTRIBUTE === $tokens->id($index)) {
            $index = $tokens->attributeGroup($tokens->next($index + 1), $names)[0] ?? null;
            if (null === $index) {
                return null;
            }
        }
        $modifiers = [];
        while (isset(self::CLASS_MODIFIERS[$id = $tokens->id($index)])) {
            if (isset($modifiers[$id])) {
                return null;
            }
            $modifiers[$id] = true;
            $index = $tokens->next($index + 1);
        }
        $kind = match ($tokens->id($index)) {
            \T_CLASS => DeclarationKind::ClassDeclaration,
            \T_INTERFACE => DeclarationKind::InterfaceDeclaration,
            \T_TRAIT => DeclarationKind::TraitDeclaration,
            \T_ENUM => DeclarationKind::EnumDeclaration,
            default => null,
        };
        $nameAt = $tokens->next($index + 1);
        if (null === $kind || ([] !== $modifiers && DeclarationKind::ClassDeclaration !== $kind)
            || (isset($modifiers[\T_ABSTRACT]) && isset($modifiers[\T_FINAL]))
            || \T_STRING !== $tokens->id($nameAt) || ImportedNames::isSpecial($tokens->text($nameAt))
            || $names->imports($tokens->text($nameAt))) {
            return null;
        }
        $name = $names->declared($tokens->text($nameAt));
        $header = new ClassHeader($tokens, $names, $kind);
        $index = $header->read($tokens->next($nameAt + 1));
        if (null === $index) {
            return null;
        }
        $class = DeclarationKind::ClassDeclaration === $kind;
        $members = new ClassMemberReader(
            $tokens,
            $names,
            $bodies,
            DeclarationKind::TraitDeclaration === $kind ? null : $name,
            $header->parent,
            DeclarationKind::InterfaceDeclaration === $kind,
            $class && isset($modifiers[\T_READONLY]),
        );
        $end = $members->read($tokens->next($index + 1));
        if (null === $end) {
            return null;
        }

        return [$end + 1, new Declaration(
            $kind,
            $name,
            $line,
            $header->parent,
            $header->interfaces,
            DeclarationKind::InterfaceDeclaration === $kind ? [] : $members->traits,
            $members->methods,
            $class && isset($modifiers[\T_READONLY]),
            DeclarationKind::EnumDeclaration === $kind ? [] : $members->properties,
            $members->constants,
        )];
    }
}
