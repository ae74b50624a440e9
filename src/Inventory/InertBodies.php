<?php

declare(strict_types=1);

namespace Preheat\Inventory;

/**
 * Finds the function and method bodies whose inside cannot change a file's inventory, in php-parser's tokens,
 * and leaves their inside out: most of a class file is method bodies, and the analysis reads only what stands
 * around them (declarations, signatures, top-level statements). Parsing and walking the bodies was most of
 * the cost of a cold run.
 *
 * A body is inert when nothing in it is what the analysis looks for inside bodies: a class, interface, trait,
 * enum or named function declared in it (NestedDeclarationCollector), an include (NodeSightings,
 * GuardedIncludeCollector), a call named define (the file's constants), syntax newer than PHP 8.2 (SyntaxVersion:
 * `new X()->y`, `X::{$y}`, `|>`, `(void)`), or what php-parser refuses beyond PHP's grammar (a try with neither
 * catch nor finally, an empty array element, a variadic parameter with a default, a void parameter). Anything
 * else that would make the file unparsable PHP itself finds first (BodySkippingLexer checks the whole file).
 * Which functions' bodies may be left out at all: matchBrackets().
 *
 * @internal
 */
final class InertBodies
{
    private const OPEN_PARENTHESIS = 40;

    private const CLOSE_PARENTHESIS = 41;

    private const OPEN_BRACE = 123;

    private const CLOSE_BRACE = 125;

    private const SEMICOLON = 59;

    private const COMMA = 44;

    private const OPEN_BRACKET = 91;

    private const CLOSE_BRACKET = 93;

    private const EQUALS = 61;

    private const AMPERSAND = 38;

    /** Whitespace and comments: what the checks step over to the next token that counts. */
    private const BLANK = [\T_WHITESPACE => true, \T_COMMENT => true, \T_DOC_COMMENT => true];

    /** A token that makes a body matter wherever it stands in it. */
    private const HAZARDS = [
        \T_INCLUDE => true,
        \T_INCLUDE_ONCE => true,
        \T_REQUIRE => true,
        \T_REQUIRE_ONCE => true,
        \T_INTERFACE => true,
        \T_TRAIT => true,
        \T_ENUM => true,
        \T_PIPE => true,
        \T_VOID_CAST => true,
        \T_HALT_COMPILER => true,
        \T_OPEN_TAG => true,
        \T_OPEN_TAG_WITH_ECHO => true,
        \T_CLOSE_TAG => true,
        \T_INLINE_HTML => true,
    ];

    private const INCLUDES = [
        \T_INCLUDE => true,
        \T_INCLUDE_ONCE => true,
        \T_REQUIRE => true,
        \T_REQUIRE_ONCE => true,
    ];

    /** The tokens matchBrackets() looks at: every other token is passed over with one lookup. */
    private const STRUCTURE = [
        self::OPEN_BRACE => true,
        self::OPEN_PARENTHESIS => true,
        \T_CURLY_OPEN => true,
        \T_DOLLAR_OPEN_CURLY_BRACES => true,
        self::CLOSE_BRACE => true,
        self::CLOSE_PARENTHESIS => true,
        self::SEMICOLON => true,
        \T_FUNCTION => true,
        \T_CLASS => true,
        \T_INTERFACE => true,
        \T_TRAIT => true,
        \T_ENUM => true,
        \T_NAMESPACE => true,
        \T_INCLUDE => true,
        \T_INCLUDE_ONCE => true,
        \T_REQUIRE => true,
        \T_REQUIRE_ONCE => true,
        \T_HALT_COMPILER => true,
    ] + self::ALTERNATIVE_ENDS;

    /** What ends a block of the alternative syntax (`if (...): ... endif;`), whose inside stands in no braces. */
    private const ALTERNATIVE_ENDS = [
        \T_ENDIF => true,
        \T_ENDWHILE => true,
        \T_ENDFOR => true,
        \T_ENDFOREACH => true,
        \T_ENDSWITCH => true,
        \T_ENDDECLARE => true,
    ];

    /** The tokens that name a class (or a function) in code. */
    private const NAMES = [
        \T_STRING => true,
        \T_NAME_QUALIFIED => true,
        \T_NAME_FULLY_QUALIFIED => true,
        \T_NAME_RELATIVE => true,
    ];

    /** What may follow `new X(...)` only in PHP 8.4 and later, without parentheses around it. */
    private const CHAINS = [
        \T_OBJECT_OPERATOR => true,
        \T_NULLSAFE_OBJECT_OPERATOR => true,
        \T_DOUBLE_COLON => true,
        self::OPEN_BRACKET => true,
    ];

    /** What may follow `new X` with no arguments, where it cannot start a chain. */
    private const ENDS = [
        self::SEMICOLON => true,
        self::COMMA => true,
        self::CLOSE_PARENTHESIS => true,
        self::CLOSE_BRACKET => true,
    ];

    /** What may follow `void` only in a parameter: php-parser refuses a void parameter. */
    private const PARAMETER_STARTS = [
        \T_VARIABLE => true,
        \T_ELLIPSIS => true,
        \T_AMPERSAND_FOLLOWED_BY_VAR_OR_VARARG => true,
        \T_AMPERSAND_NOT_FOLLOWED_BY_VAR_OR_VARARG => true,
        self::AMPERSAND => true,
    ];

    /** @var array<int, \PhpToken> */
    private array $tokens = [];

    /** @var array<int, int> the index of each `(` and `{` => the index of the token that closes it */
    private array $closing = [];

    private int $count = 0;

    /**
     * The inert bodies of the file, as [index of `{`, index of its `}`], in order and not nested.
     *
     * @param array<int, \PhpToken> $tokens as php-parser's lexer or PHP's own gives them
     *
     * @return list<array{int, int}>
     */
    public function find(array $tokens): array
    {
        $this->tokens = $tokens;
        $this->count = \count($tokens);
        $this->closing = [];
        $functions = $this->matchBrackets();
        $bodies = [];
        $after = -1;
        foreach ($functions as $function) {
            if ($function <= $after) {
                continue;
            }
            $body = $this->bodyOf($function);
            if (null !== $body && $this->inert($body[0] + 1, $body[1])) {
                $bodies[] = $body;
                $after = $body[1];
            }
        }
        $this->tokens = [];
        $this->closing = [];

        return $bodies;
    }

    /**
     * The tokens without the inside of the bodies given, each left as an empty `{}`: the tokens that remain keep
     * their lines, so every line the analysis reports stays the same.
     *
     * @template T of \PhpToken
     *
     * @param array<int, T>         $tokens
     * @param list<array{int, int}> $bodies as find() gave them
     *
     * @return list<T>
     */
    public static function without(array $tokens, array $bodies): array
    {
        $kept = [];
        $from = 0;
        foreach ($bodies as [$open, $close]) {
            $kept[] = \array_slice($tokens, $from, $open + 1 - $from);
            $from = $close;
        }
        $kept[] = \array_slice($tokens, $from);

        return array_merge(...$kept);
    }

    /**
     * Pairs every `(` and `{` with what closes it, and lists the functions whose body may be left out: none after
     * `__halt_compiler` (bytes, not code), none inside a property hook (SignatureReader looks into hooks; only a
     * class body inside another, or anything but a class body inside one, can be in a hook), and in a file that
     * includes another only the top-level functions and the methods of top-level classes: GuardedIncludeCollector
     * looks at every node around an include (whether a branch before it leaves, a return in a closure too); and
     * none at all in a file that includes and has a block of the alternative syntax, where braces do not tell which
     * functions stand at top level.
     *
     * @return list<int> the indexes of their `function` tokens
     */
    private function matchBrackets(): array
    {
        $open = [];
        // The `{` of a class body (true) or of a namespace (false).
        $kinds = [];
        $classBodiesOpen = 0;
        $othersOpen = 0;
        $bodyAtDepth = -1;
        $bodyKind = false;
        $functions = [];
        $topLevel = [];
        $includes = false;
        $alternative = false;
        foreach ($this->tokens as $index => $token) {
            $id = $token->id;
            if (!isset(self::STRUCTURE[$id])) {
                continue;
            }
            if (self::OPEN_BRACE === $id || self::OPEN_PARENTHESIS === $id
                || \T_CURLY_OPEN === $id || \T_DOLLAR_OPEN_CURLY_BRACES === $id) {
                if (self::OPEN_BRACE === $id && \count($open) === $bodyAtDepth) {
                    $kinds[$index] = $bodyKind;
                    $classBodiesOpen += (int) $bodyKind;
                    $bodyAtDepth = -1;
                } else {
                    ++$othersOpen;
                }
                $open[] = $index;
            } elseif (self::CLOSE_BRACE === $id || self::CLOSE_PARENTHESIS === $id) {
                $opened = array_pop($open);
                if (null === $opened) {
                    return [];
                }
                $this->closing[$opened] = $index;
                match ($kinds[$opened] ?? null) {
                    true => --$classBodiesOpen,
                    false => null,
                    null => --$othersOpen,
                };
            } elseif (\T_FUNCTION === $id) {
                $inClassBody = isset($kinds[$open[\count($open) - 1] ?? -1]) && $kinds[$open[\count($open) - 1]];
                if (0 === $classBodiesOpen || (1 === $classBodiesOpen && $inClassBody)) {
                    $functions[] = $index;
                    $topLevel[] = 0 === $othersOpen;
                }
            } elseif ((\T_CLASS === $id && \T_DOUBLE_COLON !== $this->idBefore($index)) || \T_INTERFACE === $id
                || \T_TRAIT === $id || \T_ENUM === $id || \T_NAMESPACE === $id) {
                // The next `{` at this depth opens its body: an anonymous class's arguments come before it.
                $bodyAtDepth = \count($open);
                $bodyKind = \T_NAMESPACE !== $id;
            } elseif (self::SEMICOLON === $id && \count($open) === $bodyAtDepth) {
                // `namespace A;`: no body.
                $bodyAtDepth = -1;
            } elseif (isset(self::INCLUDES[$id])) {
                $includes = true;
            } elseif (isset(self::ALTERNATIVE_ENDS[$id])) {
                $alternative = true;
            } elseif (\T_HALT_COMPILER === $id) {
                return [];
            }
        }
        if ([] !== $open || ($includes && $alternative)) {
            return [];
        }

        return $includes ? array_values(array_filter(
            $functions,
            static fn (int $key): bool => $topLevel[$key],
            \ARRAY_FILTER_USE_KEY,
        )) : $functions;
    }

    /** @return array{int, int}|null the `{` and `}` of the body of the function at $function, if it has one */
    private function bodyOf(int $function): ?array
    {
        $next = $this->skipAmpersand($this->significant($function + 1));
        if (self::OPEN_PARENTHESIS !== $this->idAt($next)) {
            $next = $this->significant($next + 1);
        }
        if (self::OPEN_PARENTHESIS !== $this->idAt($next) || !isset($this->closing[$next])) {
            return null;
        }
        // The return type and a closure's `use (...)` hold no brace: the first `{` opens the body.
        for ($index = $this->closing[$next] + 1; $index < $this->count; ++$index) {
            $id = $this->tokens[$index]->id;
            if (self::OPEN_BRACE === $id) {
                return isset($this->closing[$index]) ? [$index, $this->closing[$index]] : null;
            }
            if (self::SEMICOLON === $id || self::CLOSE_BRACE === $id) {
                return null;
            }
        }

        return null;
    }

    /** Whether nothing from $from up to $to (the body's `}`) is what the analysis looks for inside a body. */
    private function inert(int $from, int $to): bool
    {
        $previous = 0;
        for ($index = $from; $index < $to; ++$index) {
            $token = $this->tokens[$index];
            $id = $token->id;
            if (isset(self::BLANK[$id])) {
                continue;
            }
            if (isset(self::HAZARDS[$id])) {
                return false;
            }
            $matters = match ($id) {
                \T_STRING, \T_NAME_QUALIFIED, \T_NAME_FULLY_QUALIFIED, \T_NAME_RELATIVE => $this->nameMatters(
                    $token->text,
                    $index,
                ),
                \T_CLASS => \T_DOUBLE_COLON !== $previous,
                \T_FUNCTION => self::OPEN_PARENTHESIS !== $this->idAt(
                    $this->skipAmpersand($this->significant($index + 1)),
                ),
                \T_NEW => $this->newMatters($index),
                \T_TRY => $this->tryMatters($index),
                \T_DOUBLE_COLON => self::OPEN_BRACE === $this->idAt($this->significant($index + 1)),
                \T_ELLIPSIS => $this->variadicDefault($index),
                self::COMMA, self::OPEN_BRACKET, self::OPEN_PARENTHESIS => self::COMMA === $this->idAt(
                    $this->significant($index + 1),
                ),
                default => false,
            };
            if ($matters) {
                return false;
            }
            $previous = $id;
        }

        return true;
    }

    /** A call named define, or a `void` parameter type. */
    private function nameMatters(string $name, int $index): bool
    {
        $length = \strlen($name);
        if ($length >= 6 && 0 === substr_compare($name, 'define', -6, 6, true)) {
            return true;
        }

        return 4 === $length && 0 === strcasecmp($name, 'void')
            && isset(self::PARAMETER_STARTS[$this->idAt($this->significant($index + 1))]);
    }

    /**
     * `new X()->y` (PHP 8.4), or a `new` this check does not follow: an anonymous class, a class named by an
     * expression (`new (\$a->b)()`, `new A::\$b()`).
     */
    private function newMatters(int $new): bool
    {
        $class = $this->significant($new + 1);
        $id = $this->idAt($class);
        if (!isset(self::NAMES[$id]) && \T_STATIC !== $id && \T_VARIABLE !== $id) {
            return true;
        }
        $next = $this->significant($class + 1);
        $id = $this->idAt($next);
        if (self::OPEN_PARENTHESIS !== $id) {
            return !isset(self::ENDS[$id]);
        }
        if (!isset($this->closing[$next])) {
            return true;
        }

        return isset(self::CHAINS[$this->idAt($this->significant($this->closing[$next] + 1))]);
    }

    /** A try with neither catch nor finally. */
    private function tryMatters(int $try): bool
    {
        $block = $this->significant($try + 1);
        if (self::OPEN_BRACE !== $this->idAt($block) || !isset($this->closing[$block])) {
            return true;
        }
        $after = $this->idAt($this->significant($this->closing[$block] + 1));

        return \T_CATCH !== $after && \T_FINALLY !== $after;
    }

    /** `...$rest = default`. */
    private function variadicDefault(int $ellipsis): bool
    {
        $variable = $this->significant($ellipsis + 1);

        return \T_VARIABLE === $this->idAt($variable)
            && self::EQUALS === $this->idAt($this->significant($variable + 1));
    }

    private function skipAmpersand(int $index): int
    {
        $id = $this->idAt($index);

        return self::AMPERSAND === $id || \T_AMPERSAND_FOLLOWED_BY_VAR_OR_VARARG === $id
            || \T_AMPERSAND_NOT_FOLLOWED_BY_VAR_OR_VARARG === $id ? $this->significant($index + 1) : $index;
    }

    /** The first token from $index on that is not whitespace or a comment (the end, past the last). */
    private function significant(int $index): int
    {
        while ($index < $this->count && isset(self::BLANK[$this->tokens[$index]->id])) {
            ++$index;
        }

        return $index;
    }

    /** The id of the last token before $index that is not whitespace or a comment (0 at the start). */
    private function idBefore(int $index): int
    {
        do {
            --$index;
        } while ($index >= 0 && isset(self::BLANK[$this->tokens[$index]->id]));

        return $index >= 0 ? $this->tokens[$index]->id : 0;
    }

    private function idAt(int $index): int
    {
        return $index < $this->count ? $this->tokens[$index]->id : 0;
    }
}
