<?php

declare(strict_types=1);

namespace Preheat\Console\Trace;

use Preheat\Process\ProcessObserver;
use Preheat\Process\StartedCommand;
use Symfony\Component\Console\Output\OutputInterface;

/**
 * `-vvv` on every command: each program Preheat runs as a line to paste into a shell, and each configuration file
 * it writes for a server as the shell lines that write it again, on stderr. The application shows it on a
 * command's error output when the command runs; below -vvv, or before, it writes nothing.
 */
final class ConsoleTrace implements ProcessObserver
{
    /** The mark before a command, as a shell prompt: what follows it is the command. */
    public const PROMPT = '$ ';

    private ?OutputInterface $stderr = null;

    /** From now on, trace to this output (the command's stderr), when its verbosity is -vvv. */
    public function showOn(OutputInterface $stderr): void
    {
        $this->stderr = $stderr;
    }

    public function stop(): void
    {
        $this->stderr = null;
    }

    public function commandStarting(StartedCommand $command): void
    {
        $line = self::PROMPT.self::masked(ShellLine::of($command));
        // A server (or a load tool) runs on in the background, as with "&", until it ends or Preheat stops it.
        $this->write([$command->background ? $line.' &' : $line]);
    }

    public function configWritten(string $path, string $contents, ?string $copyOf = null): void
    {
        $end = 'PREHEAT_EOF';
        while (str_contains($contents, $end)) {
            $end .= '_';
        }
        $body = self::masked($contents);
        $heredoc = '<<\''.$end.'\'';
        // A copy of a file followed by lines of Preheat's: the copy as cat(1) of that file, the lines in full.
        $write = null === $copyOf
            ? 'cat > '.ShellLine::word($path).' '.$heredoc
            : \sprintf('{ cat %s; cat %s; } > %s', ShellLine::word($copyOf), $heredoc, ShellLine::word($path));
        $this->write([
            self::PROMPT.$write,
            // A here-document ends each line, the last one too: the file's own final newline is that one.
            ...('' === $body ? [] : explode("\n", str_ends_with($body, "\n") ? substr($body, 0, -1) : $body)),
            $end,
        ]);
    }

    /**
     * A password in a URL (redis://user:secret@host) is shown as ***: a trace ends up in CI logs and issues. No
     * configuration holds one today; the mask is there for the day one does.
     */
    public static function masked(string $text): string
    {
        return (string) preg_replace('~\b([a-z][a-z0-9+.-]*://[^\s:/@\'"]*:)[^\s@/\'"]+@~i', '$1***@', $text);
    }

    /** @param list<string> $lines */
    private function write(array $lines): void
    {
        if (null === $this->stderr || !$this->stderr->isDebug()) {
            return;
        }
        // On a terminal a progress bar may be drawn on the current line: the trace takes that line (the bar is drawn
        // again below at its next step) rather than being glued to the bar's end.
        if ($this->stderr->isDecorated()) {
            $this->stderr->write("\r\033[2K", false, OutputInterface::OUTPUT_RAW);
        }
        $this->stderr->writeln($lines, OutputInterface::OUTPUT_RAW);
    }
}
