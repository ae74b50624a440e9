<?php

declare(strict_types=1);

namespace Preheat\Script\Verify;

/**
 * Reads what PHP and php-fpm logged to stderr while starting: PHP's "PHP Warning: ... in FILE on line N"
 * lines (with or without the "PHP " prefix and a date), OPcache's "(pid): Fatal Error ..." lines, php-fpm's
 * "[date] ERROR: ..." lines, the bare lines the memory manager prints when it cannot even log ("Hard
 * memory limit of N bytes exhausted ..."), and the stack traces that follow an uncaught exception.
 * A line that is none of these is a message of its own (a fatal when it reads like one), never glued to
 * the message before it. The same message repeated (OPcache logs "Interned string buffer overflow" once
 * per string) is kept once, with how often it came.
 */
final class StartupLogParser
{
    private const PHP_LINE = '{^(?:\[[^\]]*\]\s+)?(?:PHP )?(Fatal error|Parse '.
        'error|Warning|Notice|Deprecated|Recoverable fatal error|Core Error|Compile Error|Compile Warning|Core '.
        'Warning|User Error|User Warning|User Notice|User Deprecated):\s+(.*)$}';
    private const OPCACHE_LINE = '{^.*?\(\d+\): (Fatal Error|Error|Warning|Message|Debug) (.*)$}';
    private const FPM_LINE = '{^\[[^\]]*\]\s+(ALERT|EMERG|ERROR|CRIT|CRITICAL|WARNING|NOTICE|DEBUG):\s+(.*)$}';
    /** What belongs to the message before it: a stack trace, "thrown in", a chained exception. */
    private const CONTINUATION = '{^(?:Stack trace:|#\d+ |\s+thrown in |Next |\s)}';
    /** A line without a known prefix that still means PHP did not start. */
    private const FATAL_TEXT = '{(?:memory limit|memory size) of \d+ bytes exhausted|out of memory|cannot '.
        'allocate|segmentation fault|core dumped|zend_mm_heap corrupted|fatal|insufficient shared memory|failed to '.
        '(?:start|initiali[sz]e)}i';
    private const LOCATION = '{^(.*) in (\S.*?)(?: on line |:)(\d+)$}s';

    /** @return list<StartupMessage> */
    public function parse(string $stderr): array
    {
        $messages = [];
        $current = null;
        foreach (preg_split('{\R}', $stderr) ?: [] as $line) {
            if (preg_match(self::PHP_LINE, $line, $match)) {
                $this->push($messages, $current);
                $current = [$this->severityOf($match[1]), $match[2]];
            } elseif (preg_match(self::OPCACHE_LINE, $line, $match)) {
                $this->push($messages, $current);
                $current = [match ($match[1]) {
                    'Fatal Error', 'Error' => Severity::Fatal,
                    'Warning' => Severity::Warning,
                    default => Severity::Notice,
                }, trim($match[2])];
            } elseif (preg_match(self::FPM_LINE, $line, $match)) {
                $this->push($messages, $current);
                $current = [match ($match[1]) {
                    'WARNING' => Severity::Warning,
                    'NOTICE', 'DEBUG' => Severity::Notice,
                    default => Severity::Fatal,
                }, trim($match[2])];
            } elseif (null !== $current && '' !== trim($line) && preg_match(self::CONTINUATION, $line)) {
                $current[1] .= "\n".$line;
            } elseif ('' !== trim($line)) {
                // Anything else on stderr at start-up is worth showing, and never silently dropped.
                $this->push($messages, $current);
                $current = [preg_match(self::FATAL_TEXT, $line) ? Severity::Fatal : Severity::Warning, trim($line)];
            }
        }
        $this->push($messages, $current);

        return array_values(
            array_map(fn (array $m): StartupMessage => $this->withLocation($m[0], $m[1], $m[2]), $messages),
        );
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
            if (preg_match('{^Can\'t preload (?:unlinked|already declared) class '.
                '(\S+?)(?::\s*(.*))?$}s', $message->message, $match)) {
                $reason = isset($match[2]) && '' !== $match[2] ? $match[2] : 'already declared';
                $classes[] = new UnlinkedClass($match[1], $reason, $message->file, $message->line);
            }
        }

        return $classes;
    }

    /**
     * @param array<string, array{Severity, string, int}> $messages
     * @param array{Severity, string}|null                $current
     *
     * @param-out null $current
     */
    private function push(array &$messages, ?array &$current): void
    {
        if (null === $current) {
            return;
        }
        $key = $current[0]->value."\0".$current[1];
        if (isset($messages[$key])) {
            ++$messages[$key][2];
        } else {
            $messages[$key] = [$current[0], $current[1], 1];
        }
        $current = null;
    }

    private function withLocation(Severity $severity, string $text, int $count): StartupMessage
    {
        // Keep the stack trace out of the location match: it ends with its own "in FILE:LINE" lines.
        [$head] = explode("\nStack trace:", $text, 2);
        if (preg_match(self::LOCATION, $head, $match) && 'Unknown' !== $match[2]) {
            $message = rtrim($match[1]);
            if ($head !== $text) {
                $message .= substr($text, \strlen($head));
            }

            return new StartupMessage($severity, $message, $match[2], (int) $match[3], $count);
        }
        if (preg_match(self::LOCATION, $head, $match)) {
            // "in Unknown on line 0": PHP knows no file; say nothing rather than a file that is not there.
            return new StartupMessage($severity, rtrim($match[1]), null, null, $count);
        }

        return new StartupMessage($severity, $text, null, null, $count);
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
