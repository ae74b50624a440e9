<?php

declare(strict_types=1);

namespace Preheat\Console\Terminal;

use Symfony\Component\Console\Output\ConsoleOutput;
use Symfony\Component\Console\Output\StreamOutput;

/**
 * Standard output and error of `preheat`, with control characters escaped (TerminalEscapes) in everything
 * written: through the formatter (messages, report lines, progress), and in what is written raw as well
 * (tables, reports a renderer writes as they are), the last point before the terminal.
 */
final class EscapingConsoleOutput extends ConsoleOutput
{
    public function __construct()
    {
        parent::__construct(self::VERBOSITY_NORMAL, null, new EscapingFormatter());
        $stderr = $this->getErrorOutput();
        if ($stderr instanceof StreamOutput) {
            $this->setErrorOutput(
                new EscapingStreamOutput($stderr->getStream(), $stderr->getVerbosity(), null, new EscapingFormatter()),
            );
        }
    }

    protected function doWrite(string $message, bool $newline): void
    {
        parent::doWrite(TerminalEscapes::escaped($message, $this->isDecorated(), true), $newline);
    }
}
