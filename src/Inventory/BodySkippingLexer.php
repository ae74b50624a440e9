<?php

declare(strict_types=1);

namespace Preheat\Inventory;

use PhpParser\ErrorHandler;
use PhpParser\Lexer;
use PhpParser\PhpVersion;

/**
 * php-parser's lexer for the grammar the analysis parses with, whose tokens leave out the inside of every inert
 * function body (InertBodies): the parser then builds, and the analysis walks, only what it reads.
 *
 * A body left out is not parsed, so a syntax error in it would go unseen: the whole file is first parsed by PHP
 * itself (PhpToken::tokenize() with TOKEN_PARSE, in C, a fraction of php-parser's cost), and a file PHP refuses
 * keeps every body, for php-parser to report the error as it would. That holds only where php-parser's grammar
 * accepts all that PHP's does: when it is the grammar of the PHP running or a newer one, not an older.
 *
 * @internal
 */
final class BodySkippingLexer extends Lexer
{
    private readonly bool $skips;

    private readonly InertBodies $bodies;

    public function __construct(
        private readonly Lexer $lexer,
        PhpVersion $grammar,
        private readonly PhpSyntaxCheck $syntax = new PhpSyntaxCheck(),
    ) {
        $this->skips = $grammar->newerOrEqual(PhpVersion::getHostVersion());
        $this->bodies = new InertBodies();
    }

    public function tokenize(string $code, ?ErrorHandler $errorHandler = null): array
    {
        $tokens = $this->lexer->tokenize($code, $errorHandler);
        if (!$this->skips) {
            return $tokens;
        }
        $bodies = $this->bodies->find($tokens);
        if ([] === $bodies || !$this->syntax->parses($code)) {
            return $tokens;
        }

        return InertBodies::without($tokens, $bodies);
    }
}
