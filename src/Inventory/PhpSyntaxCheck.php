<?php

declare(strict_types=1);

namespace Preheat\Inventory;

/**
 * Whether PHP itself parses a file's code (PhpToken::tokenize() with TOKEN_PARSE, in C): the plain-file reader
 * parses every file so, and BodySkippingLexer needs the answer for the files it then leaves to php-parser, so the
 * last answer is kept for the same code rather than asked twice.
 *
 * @internal
 */
final class PhpSyntaxCheck
{
    private ?string $code = null;

    private bool $parses = false;

    /** @return array<int, \PhpToken>|null the tokens, or null when PHP refuses the code */
    public function tokens(string $code): ?array
    {
        $this->code = $code;
        try {
            $tokens = @\PhpToken::tokenize($code, \TOKEN_PARSE);
        } catch (\Throwable) {
            $this->parses = false;

            return null;
        }
        $this->parses = true;

        return $tokens;
    }

    public function parses(string $code): bool
    {
        return $code === $this->code ? $this->parses : null !== $this->tokens($code);
    }
}
