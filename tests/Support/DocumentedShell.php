<?php

declare(strict_types=1);

namespace Preheat\Tests\Support;

/**
 * Every command line of README.md and doc/*.md: the lines of ```sh/```bash/```shell blocks, the `$ ` lines of
 * ```console and untagged blocks (and of indented ones in the prose), the `run:` steps of ```yaml blocks, and
 * the code spans that start with a preheat command. DocumentedCommandsTest parses each; the integration
 * test of the same name runs some.
 */
final class DocumentedShell
{
    private const SHELL_LANGUAGES = ['sh', 'bash', 'shell'];
    private const TRANSCRIPT_LANGUAGES = ['console', ''];

    /** A preheat command at the start of a code span: `preheat …`, `vendor/bin/preheat …`, `php bin/preheat …`. */
    private const SPAN = '/`((?:php )?(?:vendor\/bin\/|bin\/)?preheat [a-z][^`]*)`/';

    /** @return list<string> README.md, then doc/*.md, relative to the repository's root */
    public static function documents(): array
    {
        $documents = ['README.md'];
        foreach (glob(self::root().'/doc/*.md') ?: [] as $path) {
            $documents[] = 'doc/'.basename($path);
        }

        return $documents;
    }

    /** @return list<DocumentedLine> */
    public static function lines(string $document): array
    {
        return self::linesOf($document, (string) file_get_contents(self::root().'/'.$document));
    }

    /**
     * What a transcript shows its command printing: the lines after it, to the next `$ ` line or the block's end.
     *
     * @return list<string>
     */
    public static function output(DocumentedLine $command): array
    {
        $lines = explode("\n", (string) file_get_contents(self::root().'/'.$command->document));
        $output = [];
        for ($index = $command->line; isset($lines[$index]) && !preg_match('/^(```|\$ )/', $lines[$index]); ++$index) {
            $output[] = $lines[$index];
        }

        return $output;
    }

    /**
     * The fenced blocks of shell a reader would paste (sh, bash, shell, console), with their first line, for
     * `bash -n`: a console block as its `$ ` lines only.
     *
     * @return list<array{line: int, code: string}>
     */
    public static function shellBlocks(string $markdown): array
    {
        $blocks = [];
        foreach (self::fences($markdown) as $fence) {
            if (\in_array($fence['language'], self::SHELL_LANGUAGES, true)) {
                $blocks[] = ['line' => $fence['line'], 'code' => implode("\n", $fence['lines'])."\n"];
            } elseif (\in_array($fence['language'], self::TRANSCRIPT_LANGUAGES, true)) {
                $commands = [];
                foreach (self::transcript($fence['lines']) as $command) {
                    $commands[] = $command['text'];
                }
                if ([] !== $commands) {
                    $blocks[] = ['line' => $fence['line'], 'code' => implode("\n", $commands)."\n"];
                }
            }
        }

        return $blocks;
    }

    /** @return list<DocumentedLine> */
    public static function linesOf(string $document, string $markdown): array
    {
        $lines = [];
        foreach (self::fences($markdown) as $fence) {
            $first = $fence['line'] + 1;
            if (\in_array($fence['language'], self::SHELL_LANGUAGES, true)) {
                foreach (self::joined($fence['lines']) as $offset => $text) {
                    if ('' !== trim($text) && !str_starts_with(ltrim($text), '#')) {
                        $lines[] = new DocumentedLine($document, $first + $offset, $text, DocumentedLine::SHELL, $fence['marker']);
                    }
                }
            } elseif (\in_array($fence['language'], self::TRANSCRIPT_LANGUAGES, true)) {
                foreach (self::transcript($fence['lines']) as $offset => $command) {
                    $lines[] = new DocumentedLine($document, $first + $offset, $command['text'], DocumentedLine::TRANSCRIPT, $fence['marker']);
                }
            } elseif ('yaml' === $fence['language']) {
                foreach (self::runSteps($fence['lines']) as $offset => $text) {
                    $lines[] = new DocumentedLine($document, $first + $offset, $text, DocumentedLine::CI_STEP, $fence['marker']);
                }
            }
        }
        $prose = self::prose($markdown);
        foreach (explode("\n", $prose) as $index => $line) {
            if (preg_match('/^(?: {4,}|\t)\$ (.+)$/', $line, $match)) {
                $lines[] = new DocumentedLine($document, $index + 1, $match[1], DocumentedLine::TRANSCRIPT);
            }
        }
        preg_match_all(self::SPAN, $prose, $spans, \PREG_OFFSET_CAPTURE);
        foreach ($spans[1] as [$text, $offset]) {
            $line = substr_count($prose, "\n", 0, $offset) + 1;
            $lines[] = new DocumentedLine($document, $line, (string) preg_replace('/\s+/', ' ', $text), DocumentedLine::SPAN);
        }
        usort($lines, static fn (DocumentedLine $a, DocumentedLine $b): int => $a->line <=> $b->line);

        return $lines;
    }

    /**
     * The fenced blocks, each with its language, the line of its opening fence (1-based), its lines and the
     * HTML comment right above it.
     *
     * @return list<array{language: string, line: int, lines: list<string>, marker: ?string}>
     */
    private static function fences(string $markdown): array
    {
        $lines = explode("\n", $markdown);
        $fences = [];
        $open = null;
        foreach ($lines as $index => $line) {
            if (null === $open) {
                if (preg_match('/^```(\w*)\s*$/', $line, $match)) {
                    $marker = preg_match('/^<!-- (.+?) -->$/', $lines[$index - 1] ?? '', $comment) ? $comment[1] : null;
                    $open = ['language' => $match[1], 'line' => $index + 1, 'lines' => [], 'marker' => $marker];
                }

                continue;
            }
            if (preg_match('/^```\s*$/', $line)) {
                $fences[] = $open;
                $open = null;

                continue;
            }
            $open['lines'][] = $line;
        }

        return $fences;
    }

    /** The markdown with every fenced block's lines blanked (kept as empty lines, so that line numbers hold). */
    private static function prose(string $markdown): string
    {
        return (string) preg_replace_callback(
            '/^```.*?^```[^\n]*$/ms',
            static fn (array $block): string => str_repeat("\n", substr_count($block[0], "\n")),
            $markdown,
        );
    }

    /**
     * The `$ ` lines of a transcript, with `\` continuations, by their offset in the block.
     *
     * @param list<string> $lines
     *
     * @return array<int, array{text: string}>
     */
    private static function transcript(array $lines): array
    {
        $commands = [];
        foreach ($lines as $offset => $line) {
            if (!str_starts_with($line, '$ ')) {
                continue;
            }
            $text = substr($line, 2);
            for ($next = $offset + 1; str_ends_with($text, '\\') && isset($lines[$next]); ++$next) {
                $text = substr($text, 0, -1).' '.trim($lines[$next]);
            }
            $commands[$offset] = ['text' => $text];
        }

        return $commands;
    }

    /**
     * The lines of a shell block with their `\` continuations joined, by the offset of the first.
     *
     * @param list<string> $lines
     *
     * @return array<int, string>
     */
    private static function joined(array $lines): array
    {
        $joined = [];
        $start = null;
        foreach ($lines as $offset => $line) {
            if (null === $start && [] !== $joined && preg_match('/^\s+\[-/', $line)) {
                $joined[array_key_last($joined)] .= ' '.trim($line); // a usage line's options, wrapped
            } elseif (null !== $start) {
                $joined[$start] = substr($joined[$start], 0, -1).' '.trim($line);
            } else {
                $start = $offset;
                $joined[$start] = $line;
            }
            if (null !== $start && !str_ends_with($joined[$start], '\\')) {
                $start = null;
            }
        }

        return $joined;
    }

    /**
     * The shell of each `run:` step: one line (`run: CMD`), each line of a literal block (`run: |`), or the
     * lines of a folded one (`run: >-`) joined by spaces, by their offset in the block.
     *
     * @param list<string> $lines
     *
     * @return array<int, string>
     */
    private static function runSteps(array $lines): array
    {
        $steps = [];
        foreach ($lines as $offset => $line) {
            if (!preg_match('/^(\s*(?:- )?)run: (.*)$/', $line, $match)) {
                continue;
            }
            $value = trim($match[2]);
            if (!\in_array($value, ['|', '>', '>-', '|-'], true)) {
                $steps[$offset] = $value;

                continue;
            }
            $body = [];
            for ($next = $offset + 1; isset($lines[$next]); ++$next) {
                $indent = \strlen($lines[$next]) - \strlen(ltrim($lines[$next]));
                if ('' !== trim($lines[$next]) && $indent <= \strlen($match[1])) {
                    break;
                }
                $body[$next] = trim($lines[$next]);
            }
            if (str_starts_with($value, '>')) {
                $steps[$offset + 1] = implode(' ', $body);

                continue;
            }
            foreach (self::joined(array_values($body)) as $index => $text) {
                if ('' !== $text) {
                    $steps[$offset + 1 + $index] = $text;
                }
            }
        }

        return $steps;
    }

    private static function root(): string
    {
        return \dirname(__DIR__, 2);
    }
}
