<?php

declare(strict_types=1);

namespace Preheat\Tests\Support;

/**
 * Every command line of README.md and doc/ (and its subfolders): the lines of ```sh/```bash/```shell blocks,
 * the `$ ` lines of ```console and untagged blocks (and of indented ones in the prose), the `run:` steps of
 * ```yaml blocks, and the code spans that start with a preheat command. DocumentedCommandsTest parses each; the integration
 * test of the same name runs some.
 */
final class DocumentedShell
{
    private const SHELL_LANGUAGES = ['sh', 'bash', 'shell'];
    private const TRANSCRIPT_LANGUAGES = ['console', ''];

    /** A line that reads as a command (no `$ ` in front): in a transcript it would be taken for output. */
    private const COMMAND_LIKE = '/^(?:sudo )?(?:(?:vendor\/)?bin\/preheat|preheat|make|composer|php|bash) [a-z-]/';

    /**
     * A code span that is a command: a preheat one (`preheat …`, `vendor/bin/preheat …`, `php bin/preheat …`,
     * `php artisan preheat:…`), `make …`, `composer …`, `php SCRIPT.php …` or `bash SCRIPT.sh …`.
     */
    private const SPAN = '/`((?:php )?(?:vendor\/bin\/|bin\/)?preheat [a-z][^`]*|(?:php artisan|bin\/console) preheat:[^`]*'
        .'|make [a-z][^`]*|composer [a-z][^`]*|php [\w.\/-]+\.php\b[^`]*|bash [\w.\/-]+\.sh\b[^`]*)`/';

    /** @return list<string> README.md, then doc/ and its subfolders, relative to the repository's root */
    public static function documents(): array
    {
        $documents = ['README.md'];
        $root = self::root().'/';
        foreach ([...glob($root.'doc/*.md') ?: [], ...glob($root.'doc/*/*.md') ?: []] as $path) {
            $documents[] = substr($path, \strlen($root));
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
     * The shell a reader would paste, with its first line, for `bash -n`: each sh, bash, shell and console
     * block (a console block as its `$ ` lines only), each CI `run:` step and each Composer script.
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
            } elseif ('yaml' === $fence['language']) {
                foreach (self::runSteps($fence['lines']) as $offset => $step) {
                    $blocks[] = ['line' => $fence['line'] + 1 + $offset, 'code' => $step['code']."\n"];
                }
            } elseif ('json' === $fence['language']) {
                foreach (self::composerScripts($fence['lines']) as $offset => $command) {
                    $blocks[] = ['line' => $fence['line'] + 1 + $offset, 'code' => $command."\n"];
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
                foreach ($fence['lines'] as $offset => $text) {
                    if (preg_match(self::COMMAND_LIKE, $text)) {
                        $lines[] = new DocumentedLine($document, $first + $offset, $text, DocumentedLine::UNTAGGED, $fence['marker']);
                    }
                }
            } elseif ('yaml' === $fence['language']) {
                foreach (self::runSteps($fence['lines']) as $offset => $step) {
                    $texts = $step['literal'] ? self::joined(explode("\n", $step['code'])) : [$step['code']];
                    foreach ($texts as $index => $text) {
                        if ('' !== trim($text)) {
                            $lines[] = new DocumentedLine($document, $first + $offset + $index, $text, DocumentedLine::CI_STEP, $fence['marker']);
                        }
                    }
                }
            } elseif ('json' === $fence['language']) {
                foreach (self::composerScripts($fence['lines']) as $offset => $text) {
                    $lines[] = new DocumentedLine($document, $first + $offset, $text, DocumentedLine::COMPOSER_SCRIPT, $fence['marker']);
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
     * The shell of each `run:` step, by the offset of its first line of shell: one line (`run: CMD`), the lines
     * of a literal block (`run: |`), or those of a folded one (`run: >-`) joined by spaces.
     *
     * @param list<string> $lines
     *
     * @return array<int, array{code: string, literal: bool}>
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
                $steps[$offset] = ['code' => $value, 'literal' => false];

                continue;
            }
            $body = [];
            for ($next = $offset + 1; isset($lines[$next]); ++$next) {
                $indent = \strlen($lines[$next]) - \strlen(ltrim($lines[$next]));
                if ('' !== trim($lines[$next]) && $indent <= \strlen($match[1])) {
                    break;
                }
                $body[] = trim($lines[$next]);
            }
            $literal = str_starts_with($value, '|');
            $steps[$offset + 1] = ['code' => implode($literal ? "\n" : ' ', $body), 'literal' => $literal];
        }

        return $steps;
    }

    /**
     * The commands of a ```json block's Composer `scripts` (a composer.json's, as frameworks.md shows one),
     * by the offset of the line each is on.
     *
     * @param list<string> $lines
     *
     * @return array<int, string>
     */
    private static function composerScripts(array $lines): array
    {
        $document = json_decode(implode("\n", $lines), true);
        $scripts = \is_array($document) && \is_array($document['scripts'] ?? null) ? $document['scripts'] : [];
        $commands = [];
        array_walk_recursive($scripts, static function (mixed $command) use ($lines, &$commands): void {
            $quoted = substr((string) json_encode((string) $command, \JSON_UNESCAPED_SLASHES | \JSON_UNESCAPED_UNICODE), 0, 40);
            foreach ($lines as $offset => $line) {
                if (str_contains($line, $quoted)) {
                    $commands[$offset] = (string) $command;
                }
            }
        });

        return $commands;
    }

    private static function root(): string
    {
        return \dirname(__DIR__, 2);
    }
}
