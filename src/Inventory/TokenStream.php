<?php

declare(strict_types=1);

namespace Preheat\Inventory;

/**
 * A file's tokens, as PHP gives them, with the steps the token reader takes over them: to the next token that
 * counts (not whitespace or a comment), and over an expression it does not read (a default value, a constant's
 * value, an attribute's arguments), refusing the expressions whose inside the analysis would look at.
 *
 * @internal
 */
final class TokenStream
{
    /** Whitespace and comments: what the reader steps over to the next token that counts. */
    private const BLANK = [\T_WHITESPACE => true, \T_COMMENT => true, \T_DOC_COMMENT => true];

    private const OPENING = [40 => true, 91 => true, 123 => true, \T_CURLY_OPEN => true,
        \T_DOLLAR_OPEN_CURLY_BRACES => true, \T_ATTRIBUTE => true];

    private const CLOSING = [41 => true, 93 => true, 125 => true];

    /**
     * What makes an expression one php-parser must read: a function or class written in it (an anonymous class,
     * a closure). A class constant named by an expression (`X::{$y}`, PHP 8.3) and a chain after parentheses
     * (`new X()->y`, PHP 8.4) are refused too.
     */
    private const REFUSED_IN_EXPRESSIONS = [\T_FUNCTION => true, \T_FN => true, \T_CLASS => true,
        \T_INTERFACE => true, \T_TRAIT => true, \T_ENUM => true];

    /** What continues a chain: after `)`, only PHP 8.4 lets it follow `new X()`. */
    private const CHAINS = [\T_OBJECT_OPERATOR => true, \T_NULLSAFE_OBJECT_OPERATOR => true, \T_DOUBLE_COLON => true,
        91 => true];

    /** The tokens a class name is written as: `A`, `A\\B`, `\\A\\B`, `namespace\\A`. */
    public const CLASS_NAMES = [\T_STRING => true, \T_NAME_QUALIFIED => true, \T_NAME_FULLY_QUALIFIED => true,
        \T_NAME_RELATIVE => true];

    public readonly int $count;

    /** @param array<int, \PhpToken> $tokens */
    public function __construct(public readonly array $tokens)
    {
        $this->count = \count($tokens);
    }

    /** The first token from $index on that counts (the count, past the last). */
    public function next(int $index): int
    {
        while ($index < $this->count && isset(self::BLANK[$this->tokens[$index]->id])) {
            ++$index;
        }

        return $index;
    }

    /** The id of the token at $index, 0 past the end. */
    public function id(int $index): int
    {
        return $index < $this->count ? $this->tokens[$index]->id : 0;
    }

    public function text(int $index): string
    {
        return $this->tokens[$index]->text;
    }

    public function line(int $index): int
    {
        return $this->tokens[$index]->line;
    }

    /**
     * Steps over an expression from $index to the first `,`, `;`, `)` or `]` outside brackets (its index), or
     * null when the expression is one the reader leaves to php-parser (REFUSED_IN_EXPRESSIONS, CHAINS after `)`,
     * a call named define, an empty array element php-parser refuses), or the brackets do not close.
     */
    public function skipExpression(int $index): ?int
    {
        $depth = 0;
        $previous = 0;
        for (; $index < $this->count; ++$index) {
            $token = $this->tokens[$index];
            $id = $token->id;
            if (isset(self::BLANK[$id])) {
                continue;
            }
            if (isset(self::OPENING[$id])) {
                ++$depth;
            } elseif (isset(self::CLOSING[$id])) {
                if (0 === $depth) {
                    return 125 === $id ? null : $index;
                }
                --$depth;
            } elseif (0 === $depth && (44 === $id || 59 === $id)) {
                return $index;
            } elseif (isset(self::REFUSED_IN_EXPRESSIONS[$id]) && \T_DOUBLE_COLON !== $previous) {
                return null;
            } elseif (isset(self::CLASS_NAMES[$id])) {
                if (\strlen($token->text) >= 6 && 0 === substr_compare($token->text, 'define', -6, 6, true)) {
                    return null;
                }
            }
            if (44 === $id && (44 === $previous || 91 === $previous || 40 === $previous)) {
                return null;
            }
            if ((123 === $id && \T_DOUBLE_COLON === $previous) || (41 === $previous && isset(self::CHAINS[$id]))) {
                return null;
            }
            $previous = $id;
        }

        return null;
    }

    /**
     * One attribute group from the token after `#[`: the index after its `]` and whether it names \Override.
     *
     * @return array{int, bool}|null
     */
    public function attributeGroup(int $index, ImportedNames $names): ?array
    {
        $override = false;
        while (true) {
            $id = $this->id($index);
            if (93 === $id) {
                return [$this->next($index + 1), $override];
            }
            if (!isset(self::CLASS_NAMES[$id])) {
                return null;
            }
            $override = $override || 0 === strcasecmp($names->resolve($id, $this->text($index)), 'override');
            $index = $this->next($index + 1);
            if (40 === $this->id($index)) {
                $end = $this->skipArguments($this->next($index + 1));
                if (null === $end) {
                    return null;
                }
                $index = $this->next($end + 1);
            }
            $id = $this->id($index);
            if (44 === $id) {
                $index = $this->next($index + 1);
            } elseif (93 !== $id) {
                return null;
            }
        }
    }

    /**
     * Steps over a call's or an attribute's arguments from the token after `(`: expressions separated by commas
     * (skipExpression()), to the index of the `)`; null when they do not end there.
     */
    public function skipArguments(int $index): ?int
    {
        $end = $this->skipExpression($index);
        while (null !== $end && 44 === $this->id($end)) {
            $end = $this->skipExpression($this->next($end + 1));
        }

        return null !== $end && 41 === $this->id($end) ? $end : null;
    }
}
