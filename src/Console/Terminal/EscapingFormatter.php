<?php

declare(strict_types=1);

namespace Preheat\Console\Terminal;

use Symfony\Component\Console\Formatter\OutputFormatter;

/**
 * Symfony's formatter, which escapes control characters in a message before it applies the message's tags:
 * a name in a message cannot carry a sequence of its own, and the colours the tags add are the only ones.
 */
final class EscapingFormatter extends OutputFormatter
{
    public function formatAndWrap(?string $message, int $width): string
    {
        return parent::formatAndWrap(
            null === $message ? null : TerminalEscapes::escaped($message, $this->isDecorated(), false),
            $width,
        );
    }
}
