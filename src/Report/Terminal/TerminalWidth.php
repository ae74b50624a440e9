<?php

declare(strict_types=1);

namespace Preheat\Report\Terminal;

use Symfony\Component\Console\Output\OutputInterface;
use Symfony\Component\Console\Output\StreamOutput;
use Symfony\Component\Console\Terminal;

/**
 * How wide text written to an output may be: COLUMNS when set (also in a pipe, so that a script or a test can ask
 * for a width), else the terminal's width when the output is a terminal, else no limit: a file or a pipe keeps every
 * column and whole lines, for the reader to scroll and grep.
 */
final class TerminalWidth
{
    public static function of(OutputInterface $output): ?int
    {
        // As the process was started with it: Symfony's Application::run() overwrites the environment's COLUMNS
        // (putenv) with its own guess, 80 when the output is no terminal.
        $columns = $_ENV['COLUMNS'] ?? $_SERVER['COLUMNS'] ?? null;
        if (\is_string($columns) && ctype_digit(trim($columns)) && (int) $columns > 0) {
            return (int) $columns;
        }
        if ($output instanceof StreamOutput && @stream_isatty($output->getStream())) {
            return (new Terminal())->getWidth();
        }

        return null;
    }
}
