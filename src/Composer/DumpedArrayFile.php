<?php

declare(strict_types=1);

namespace Preheat\Composer;

use Preheat\Util\BoundedRead;
use Preheat\Util\BoundedReadError;

/**
 * Reads an array Composer dumped into vendor/composer (autoload_classmap.php, autoload_psr4.php, ...) without
 * running it: the file is the project's, and Preheat often runs as root, so requiring it would run whatever a
 * writer of vendor/ put there. Only what Composer writes is understood: `$vendorDir = dirname(__DIR__);`-style
 * assignments and one `return array(...)` of strings, integers, nested arrays, `$var . 'string'`
 * concatenations, __DIR__, __FILE__ and dirname(). Anything else is refused with its line.
 *
 * PHP's own tokenizer does the lexing (strings with their escapes, comments), so the format's spacing and
 * comments do not matter; a parse into a syntax tree would cost ten times as long on a 600 KB classmap.
 */
final class DumpedArrayFile
{
    /** Larger than any classmap Composer writes for a real app (a 30,000-class app's is about 4 MB). */
    public const MAX_BYTES = 64 * 1024 * 1024;

    private const MAX_DEPTH = 8;

    /** One entry of a map of single paths, as Composer writes it: `'Key' => $vendorDir . '/path',` alone on a line. */
    private const PATH_LINE = '~^[ \t]*(\'(?:[^\'\\\\]|\\\\.)*+\')[ \t]*=>[ \t]*(\$[a-zA-Z_]\w*+)[ \t]*\.[ \t]*'
        .'(\'(?:[^\'\\\\]|\\\\.)*+\'),[ \t]*$\n?~m';

    /** @var list<\PhpToken> */
    private array $tokens = [];

    private int $at = 0;

    /** @var array<string, string|int> */
    private array $variables = [];

    /**
     * @param bool $plainDoubleQuotes a double-quoted string without `$` or `\` is read too: people write those in
     *                                their code, Composer writes none in its maps
     */
    private function __construct(
        private readonly string $file,
        private readonly string $realPath,
        private readonly bool $plainDoubleQuotes = false,
    ) {
    }

    /**
     * The array the file returns, as requiring it would give it.
     *
     * @return array<mixed>
     *
     * @throws ProjectError when the file cannot be read or is not what Composer writes
     */
    public static function read(string $file): array
    {
        try {
            $source = BoundedRead::file($file, self::MAX_BYTES);
        } catch (BoundedReadError $error) {
            throw ProjectError::unreadableAutoload($file, 0, $error->reason);
        }

        // __DIR__ and __FILE__ name the file as PHP does: its real path.
        return (new self($file, realpath($file) ?: $file))->evaluate($source);
    }

    /**
     * The value of a path written in a file's code (the operand of a require), read as the maps are: strings,
     * __DIR__, __FILE__ and dirname() joined with '.', in parentheses or not; null for anything else (a constant,
     * a variable, a call), which only running the code would tell.
     *
     * @param list<\PhpToken> $tokens the operand's significant tokens
     * @param string          $file   the real path of the file they are in
     */
    public static function pathOf(array $tokens, string $file): ?string
    {
        while ([] !== $tokens && $tokens[0]->is('(') && end($tokens)->is(')')) {
            $tokens = \array_slice($tokens, 1, -1);
        }
        $reader = new self($file, $file, plainDoubleQuotes: true);
        $reader->tokens = $tokens;
        try {
            $value = $reader->expression(0);
        } catch (ProjectError) {
            return null;
        }

        return \is_string($value) && '' !== $value && null === $reader->current() ? $value : null;
    }

    /**
     * The lines of a map whose every value is one path (a classmap, the files list: thousands of lines, each
     * `'Key' => $baseDir . '/path',`) are read with one pattern; the rest, the file's frame and any other
     * entry, by the tokenizer. Only when every entry is such a line, so that their order is kept.
     *
     * @return array<mixed>
     */
    private function evaluate(string $source): array
    {
        $lines = preg_match_all(self::PATH_LINE, $source, $matches, \PREG_SET_ORDER);
        if (0 === $lines || false === $lines) {
            return $this->evaluateTokens($source);
        }
        $frame = $this->evaluateTokens((string) preg_replace(self::PATH_LINE, '', $source));
        if ([] !== $frame) {
            // Entries of other shapes among them: the tokenizer reads them all, in their order.
            $this->variables = [];

            return $this->evaluateTokens($source);
        }
        $map = [];
        foreach ($matches as [, $key, $variable, $path]) {
            $map[self::unquote($key)] = ($this->variables[$variable] ?? throw $this->refused(0, \sprintf(
                '%s is used before it is set',
                $variable,
            ))).self::unquote($path);
        }

        return $map;
    }

    /** @return array<mixed> */
    private function evaluateTokens(string $source): array
    {
        $tokens = \PhpToken::tokenize($source);
        if (!($tokens[0] ?? null)?->is(\T_OPEN_TAG)) {
            throw $this->refused(1, 'it does not start with <?php');
        }
        // The opening tag, white space and comments (the tokenizer's "ignorable" ones) carry no value.
        $this->at = 0;
        $this->tokens = SignificantTokens::without($tokens);
        while (true) {
            $token = $this->next('an assignment or a return');
            if ($token->is(\T_VARIABLE)) {
                $this->expect('=', '=');
                $this->variables[$token->text] = $this->scalar($this->expression(0), $token->line);
                $this->expect(';', ';');
                continue;
            }
            if ($token->is(\T_RETURN)) {
                $value = $this->expression(0);
                if (!\is_array($value)) {
                    throw $this->refused($token->line, 'it returns no array');
                }

                return $value;
            }

            throw $this->refused($token->line, \sprintf('"%s" is not an assignment or a return', $token->text));
        }
    }

    /** @return string|int|array<mixed> */
    private function expression(int $depth): string|int|array
    {
        if ($depth > self::MAX_DEPTH) {
            throw $this->refused($this->current()->line ?? 0, 'its arrays nest too deep');
        }
        $value = $this->term($depth);
        while (null !== ($token = $this->current()) && $token->is('.')) {
            ++$this->at;
            $line = $token->line;
            $value = $this->scalar($value, $line).$this->scalar($this->term($depth), $line);
        }

        return $value;
    }

    /** @return string|int|array<mixed> */
    private function term(int $depth): string|int|array
    {
        $token = $this->next('a value');

        return match (true) {
            $token->is(\T_CONSTANT_ENCAPSED_STRING) => $this->string($token),
            $token->is(\T_LNUMBER) && ctype_digit($token->text) && \strlen($token->text) < 19 => (int) $token->text,
            $token->is(\T_VARIABLE) => $this->variables[$token->text]
                ?? throw $this->refused($token->line, \sprintf('%s is used before it is set', $token->text)),
            $token->is(\T_DIR) => \dirname($this->realPath),
            $token->is(\T_FILE) => $this->realPath,
            $token->is(\T_STRING) && 'dirname' === strtolower($token->text) => $this->dirname($token->line, $depth),
            $token->is(\T_ARRAY) => $this->longArray($depth),
            $token->is('[') => $this->items(']', $depth),
            default => throw $this->refused(
                $token->line,
                \sprintf('"%s" is not a value Composer writes', $token->text),
            ),
        };
    }

    private function dirname(int $line, int $depth): string
    {
        $this->expect('(', '(');
        $path = $this->scalar($this->expression($depth + 1), $line);
        $levels = 1;
        if (null !== ($token = $this->current()) && $token->is(',')) {
            ++$this->at;
            $levels = $this->expression($depth + 1);
            if (!\is_int($levels) || $levels < 1 || $levels > 64) {
                throw $this->refused($line, 'dirname() is given a level that is not 1 to 64');
            }
        }
        $this->expect(')', ')');

        return \dirname((string) $path, $levels);
    }

    /** @return array<mixed> `array(...)`, after its keyword */
    private function longArray(int $depth): array
    {
        $this->expect('(', '(');

        return $this->items(')', $depth);
    }

    /** @return array<mixed> */
    private function items(string $close, int $depth): array
    {
        $items = [];
        while (true) {
            $token = $this->current();
            if (null !== $token && $token->is($close)) {
                ++$this->at;

                return $items;
            }
            $value = $this->expression($depth + 1);
            $token = $this->current();
            if (null !== $token && $token->is(\T_DOUBLE_ARROW)) {
                ++$this->at;
                $key = $value;
                if (\is_array($key)) {
                    throw $this->refused($token->line, 'an array is used as a key');
                }
                $items[$key] = $this->expression($depth + 1);
            } else {
                $items[] = $value;
            }
            $token = $this->next(\sprintf('"," or "%s"', $close));
            if ($token->is($close)) {
                return $items;
            }
            if (!$token->is(',')) {
                throw $this->refused($token->line, \sprintf('"%s" where "," or "%s" belongs', $token->text, $close));
            }
        }
    }

    /** A single-quoted string's value; Composer writes no other kind. */
    private function string(\PhpToken $token): string
    {
        if (!str_starts_with($token->text, "'")) {
            $inner = substr($token->text, 1, -1);
            if ($this->plainDoubleQuotes && !str_contains($inner, '$') && !str_contains($inner, '\\')) {
                return $inner;
            }

            throw $this->refused($token->line, 'a double-quoted string (Composer writes single-quoted ones)');
        }

        return self::unquote($token->text);
    }

    /** '\\' and '\'' are a single-quoted string's only escapes. */
    private static function unquote(string $quoted): string
    {
        return strtr(substr($quoted, 1, -1), ['\\\\' => '\\', "\\'" => "'"]);
    }

    /** @param string|int|array<mixed> $value */
    private function scalar(string|int|array $value, int $line): string|int
    {
        if (\is_array($value)) {
            throw $this->refused($line, 'an array where a string belongs');
        }

        return $value;
    }

    private function expect(string|int $kind, string $what): void
    {
        $token = $this->next($what);
        if (!$token->is($kind)) {
            throw $this->refused($token->line, \sprintf('"%s" where %s belongs', $token->text, $what));
        }
    }

    private function next(string $what): \PhpToken
    {
        return $this->tokens[$this->at++] ?? throw $this->refused(0, \sprintf('it ends where %s belongs', $what));
    }

    private function current(): ?\PhpToken
    {
        return $this->tokens[$this->at] ?? null;
    }

    private function refused(int $line, string $why): ProjectError
    {
        return ProjectError::unreadableAutoload($this->file, $line, $why);
    }
}
