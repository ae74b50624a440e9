<?php

declare(strict_types=1);

namespace Preheat\Inventory;

/**
 * Reads a declared type from tokens into a DeclaredType, as SignatureReader reads it from php-parser's nodes:
 * built-in types and `self`/`parent`/`static` in lower case, class names resolved, `?T` as [T, null],
 * `(A&B)|C` as [A&B, C].
 *
 * @internal
 */
final class TokenTypeReader
{
    /** The names php-parser reads as built-in types (for the newest PHP it knows), in lower case. */
    private const BUILTIN = ['bool' => true, 'int' => true, 'float' => true, 'string' => true, 'iterable' => true,
        'void' => true, 'object' => true, 'null' => true, 'false' => true, 'mixed' => true, 'never' => true,
        'true' => true, 'array' => true, 'callable' => true, 'static' => true, 'self' => true, 'parent' => true];

    private const NAMES = [\T_STRING => true, \T_NAME_QUALIFIED => true, \T_NAME_FULLY_QUALIFIED => true,
        \T_NAME_RELATIVE => true, \T_ARRAY => true, \T_CALLABLE => true, \T_STATIC => true];

    /** Where the type read last ends: the index of the first token that counts after it. */
    public int $end = 0;

    public function __construct(private readonly TokenStream $tokens, private readonly ImportedNames $names)
    {
    }

    /** Whether the token at $index can start a type. */
    public static function startsType(int $id): bool
    {
        return isset(self::NAMES[$id]) || 63 === $id || 40 === $id;
    }

    /** The type starting at $index (see $end), or null when it is not one the reader knows. */
    public function read(int $index): ?DeclaredType
    {
        $tokens = $this->tokens;
        if (63 === $tokens->id($index)) {
            $term = $this->name($tokens->next($index + 1));

            return null === $term ? null : new DeclaredType([$term, 'null']);
        }
        $terms = [];
        do {
            $term = 40 === $tokens->id($index) ? $this->group($tokens->next($index + 1)) : $this->intersection($index);
            if (null === $term) {
                return null;
            }
            $terms[] = $term;
            $more = 124 === $tokens->id($this->end);
            $index = $tokens->next($this->end + 1);
        } while ($more);

        return new DeclaredType($terms);
    }

    /** `(A&B)` from the token after `(`. */
    private function group(int $index): ?string
    {
        $term = $this->intersection($index);
        if (null === $term || 41 !== $this->tokens->id($this->end)) {
            return null;
        }
        $this->end = $this->tokens->next($this->end + 1);

        return $term;
    }

    /** A name, or names joined by `&` (an intersection). */
    private function intersection(int $index): ?string
    {
        $parts = [];
        while (true) {
            $part = $this->name($index);
            if (null === $part) {
                return null;
            }
            $parts[] = $part;
            if (\T_AMPERSAND_NOT_FOLLOWED_BY_VAR_OR_VARARG !== $this->tokens->id($this->end)) {
                return implode('&', $parts);
            }
            $index = $this->tokens->next($this->end + 1);
        }
    }

    private function name(int $index): ?string
    {
        $id = $this->tokens->id($index);
        if (!isset(self::NAMES[$id])) {
            return null;
        }
        $this->end = $this->tokens->next($index + 1);
        $text = $this->tokens->text($index);
        if (!isset(TokenStream::CLASS_NAMES[$id])) {
            // `array`, `callable`, `static`: keywords.
            return strtolower($text);
        }
        if (\T_STRING === $id && isset(self::BUILTIN[$lower = strtolower($text)])) {
            return $lower;
        }

        return $this->names->resolve($id, $text);
    }
}
