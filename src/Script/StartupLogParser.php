<?php

declare(strict_types=1);

namespace Preheat\Script;

/**
 * Reads what PHP logged to stderr while starting: its own "PHP Warning: ... in FILE on line N" lines,
 * OPcache's "(pid): Fatal Error ..." lines, and the stack traces that follow an uncaught exception.
 */
final class StartupLogParser
{
    private const PHP_LINE = '{^(?:\[[^\]]*\]\s+)?PHP (Fatal error|Parse error|Warning|Notice|Deprecated|Recoverable fatal error|Core Error|Compile Error|Compile Warning|Core Warning|User Error|User Warning|User Notice|User Deprecated):\s+(.*)$}';
    private const OPCACHE_LINE = '{^.*?\(\d+\): (Fatal Error|Error|Warning|Message|Debug) (.*)$}';
    private const LOCATION = '{^(.*) in (\S.*?)(?: on line |:)(\d+)$}s';

    /** @return list<StartupMessage> */
    public function parse(string $stderr): array
    {
        $messages = [];
        $current = null;
        foreach (preg_split('{\R}', $stderr) ?: [] as $line) {
            if (preg_match(self::PHP_LINE, $line, $match)) {
                if (null !== $current) {
                    $messages[] = $current;
                }
                $current = [$this->severityOf($match[1]), $match[2]];
            } elseif (preg_match(self::OPCACHE_LINE, $line, $match)) {
                if (null !== $current) {
                    $messages[] = $current;
                }
                $severity = match ($match[1]) {
                    'Fatal Error', 'Error' => Severity::Fatal,
                    'Warning' => Severity::Warning,
                    default => Severity::Notice,
                };
                $current = [$severity, trim($match[2])];
            } elseif (null !== $current && '' !== trim($line)) {
                $current[1] .= "\n".$line;
            } elseif ('' !== trim($line)) {
                // Anything else on stderr at start-up is worth showing, and never silently dropped.
                $messages[] = [Severity::Warning, trim($line)];
            }
        }
        if (null !== $current) {
            $messages[] = $current;
        }

        return array_map(fn (array $m): StartupMessage => $this->withLocation($m[0], $m[1]), $messages);
    }

    /**
     * @param list<StartupMessage> $messages
     *
     * @return list<UnlinkedClass>
     */
    public function unlinkedClasses(array $messages): array
    {
        $classes = [];
        foreach ($messages as $message) {
            if (preg_match('{^Can\'t preload (?:unlinked|already declared) class (\S+?)(?::\s*(.*))?$}s', $message->message, $match)) {
                $reason = isset($match[2]) && '' !== $match[2] ? $match[2] : 'already declared';
                $classes[] = new UnlinkedClass($match[1], $reason, $message->file, $message->line);
            }
        }

        return $classes;
    }

    private function withLocation(Severity $severity, string $text): StartupMessage
    {
        // Keep the stack trace out of the location match: it ends with its own "in FILE:LINE" lines.
        [$head] = explode("\nStack trace:", $text, 2);
        $firstLines = $head;
        if (preg_match(self::LOCATION, $firstLines, $match)) {
            $message = rtrim($match[1]);
            if ($head !== $text) {
                $message .= substr($text, \strlen($head));
            }

            return new StartupMessage($severity, $message, $match[2], (int) $match[3]);
        }

        return new StartupMessage($severity, $text);
    }

    private function severityOf(string $label): Severity
    {
        return match ($label) {
            'Warning', 'Compile Warning', 'Core Warning', 'User Warning' => Severity::Warning,
            'Notice', 'User Notice' => Severity::Notice,
            'Deprecated', 'User Deprecated' => Severity::Deprecated,
            default => Severity::Fatal,
        };
    }
}
