<?php

declare(strict_types=1);

namespace Preheat\Tests\Support;

/**
 * The simple commands of one shell line and their words, as far as documentation needs: quotes and backslashes
 * removed, `#` comments dropped, split at `;`, `&&`, `||`, `|`, `&`, `(` and `)`, redirections and their targets
 * left out, `if`/`then`/`else`/`!` in front dropped. A `$(…)` or `${…}` stays inside its word, unexpanded; an
 * array's assignment (`checks=(--a --b)`) keeps its items as words after it.
 */
final class ShellWords
{
    private const KEYWORDS = ['if', 'then', 'else', 'elif', 'do', 'while', 'until', '!', '{'];
    private const ENDS = ['fi', 'done', '}'];

    /** @var list<list<string>> */
    private array $commands = [];

    /** @var list<string> */
    private array $words = [];

    private ?string $word = null;

    /** The next word is a redirection's target, not an argument. */
    private bool $redirect = false;

    private function __construct()
    {
    }

    /** @return list<list<string>> */
    public static function commands(string $line): array
    {
        $split = new self();
        $split->read($line);
        $split->endCommand();

        return $split->commands;
    }

    private function read(string $line): void
    {
        $length = \strlen($line);
        for ($i = 0; $i < $length; ++$i) {
            $char = $line[$i];
            $next = $line[$i + 1] ?? '';
            if ("'" === $char) {
                $close = strpos($line, "'", $i + 1);
                $close = false === $close ? $length : $close;
                $this->word = ($this->word ?? '').substr($line, $i + 1, $close - $i - 1);
                $i = $close;
            } elseif ('"' === $char) {
                $this->word ??= '';
                for (++$i; $i < $length && '"' !== $line[$i]; ++$i) {
                    if ('\\' === $line[$i] && str_contains('"\\$`', $line[$i + 1] ?? 'x')) {
                        ++$i;
                    }
                    $this->word .= $line[$i];
                }
            } elseif ('\\' === $char) {
                $this->word = ($this->word ?? '').$next;
                ++$i;
            } elseif ('$' === $char && ('(' === $next || '{' === $next)) {
                $close = self::closing($line, $i + 1);
                $this->word = ($this->word ?? '').substr($line, $i, $close - $i + 1);
                $i = $close;
            } elseif (' ' === $char || "\t" === $char) {
                $this->endWord();
            } elseif ('#' === $char && null === $this->word) {
                return;
            } elseif ('(' === $char && null !== $this->word && str_ends_with($this->word, '=')) {
                $close = self::closing($line, $i);
                $this->endWord();
                foreach (self::commands(substr($line, $i + 1, $close - $i - 1)) as $items) {
                    array_push($this->words, ...$items);
                }
                $i = $close;
            } elseif (str_contains(';&|()', $char) && !('&' === $char && '>' === $next)) {
                $this->endCommand();
                if ($next === $char) {
                    ++$i;
                }
            } elseif ('>' === $char || '<' === $char || '&' === $char) {
                if (null !== $this->word && ctype_digit($this->word)) {
                    $this->word = null; // the descriptor of 2>
                } else {
                    $this->endWord();
                }
                while ('>' === ($line[$i + 1] ?? '') || '&' === ($line[$i + 1] ?? '')) {
                    ++$i;
                }
                if ('&' === $line[$i] && ctype_digit($line[$i + 1] ?? '')) {
                    ++$i; // 2>&1 names no file
                } else {
                    $this->redirect = true;
                }
            } else {
                $this->word = ($this->word ?? '').$char;
            }
        }
    }

    private function endWord(): void
    {
        if (null === $this->word) {
            return;
        }
        if (!$this->redirect) {
            $this->words[] = $this->word;
        }
        $this->redirect = false;
        $this->word = null;
    }

    private function endCommand(): void
    {
        $this->endWord();
        while ([] !== $this->words && \in_array($this->words[0], self::KEYWORDS, true)) {
            array_shift($this->words);
        }
        if ([] !== $this->words && !\in_array($this->words[0], self::ENDS, true)) {
            $this->commands[] = $this->words;
        }
        $this->words = [];
    }

    /** The position of the bracket that closes the one at $open, or the end of the line. */
    private static function closing(string $line, int $open): int
    {
        $closer = '(' === $line[$open] ? ')' : '}';
        $depth = 0;
        for ($i = $open, $length = \strlen($line); $i < $length; ++$i) {
            if ($line[$i] === $line[$open]) {
                ++$depth;
            } elseif ($line[$i] === $closer && 0 === --$depth) {
                return $i;
            }
        }

        return $length - 1;
    }
}
