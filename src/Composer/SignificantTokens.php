<?php

declare(strict_types=1);

namespace Preheat\Composer;

/**
 * A PHP file's tokens without white space, comments and the opening tag: what the readers that never run the
 * project's code (Composer's dumped maps, front controllers, run-time loader registrations) walk.
 */
final class SignificantTokens
{
    /** @return list<\PhpToken> */
    public static function of(string $code): array
    {
        return self::without(\PhpToken::tokenize($code));
    }

    /**
     * @param array<\PhpToken> $tokens
     *
     * @return list<\PhpToken>
     */
    public static function without(array $tokens): array
    {
        return array_values(array_filter($tokens, static fn (\PhpToken $token): bool => !$token->isIgnorable()));
    }
}
