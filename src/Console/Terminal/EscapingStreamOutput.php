<?php

declare(strict_types=1);

namespace Preheat\Console\Terminal;

use Symfony\Component\Console\Output\StreamOutput;

/** Standard error as EscapingConsoleOutput writes it. */
final class EscapingStreamOutput extends StreamOutput
{
    protected function doWrite(string $message, bool $newline): void
    {
        parent::doWrite(TerminalEscapes::escaped($message, $this->isDecorated(), true), $newline);
    }
}
