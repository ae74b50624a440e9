<?php

declare(strict_types=1);

namespace Preheat\Inventory;

/**
 * Reads, from tokens, the few top-level statements a declaration file commonly holds besides its classes, with
 * the side effect TopLevelScanner names for each: an exit guard (`if (!defined('X')) { exit; }`,
 * `defined('X') || exit;`), a call to a function (`trigger_deprecation(...);`) or a static method, an error-silenced
 * call (`@trigger_error(...);`), and the existence hints that have none (`class_exists(A::class);`). Anything else
 * it gives up on (null), and php-parser reads the file.
 *
 * @internal
 */
final class TopLevelStatementReader
{
    /** Calls that only ask whether something exists: no side effect (TopLevelScanner::HINT_FUNCTIONS). */
    private const HINTS = ['class_exists' => true, 'interface_exists' => true, 'trait_exists' => true,
        'enum_exists' => true, 'function_exists' => true];

    /** Calls TopLevelScanner describes with their arguments: left to php-parser. */
    private const DESCRIBED = ['define' => true, 'class_alias' => true];

    private const NAMES = [\T_STRING => true, \T_NAME_QUALIFIED => true, \T_NAME_FULLY_QUALIFIED => true];

    /** The side effect of the statement read last; null when it has none. */
    public ?SideEffect $effect = null;

    public function __construct(private readonly TokenStream $tokens)
    {
    }

    /** Whether a statement this reader may read starts at $index. */
    public static function starts(int $id): bool
    {
        return \T_IF === $id || 33 === $id || 64 === $id || isset(self::NAMES[$id]);
    }

    /** Reads the statement at $index: the index after it, or null. */
    public function read(int $index): ?int
    {
        $this->effect = null;
        $tokens = $this->tokens;
        $id = $tokens->id($index);
        if (\T_IF === $id) {
            return $this->exitGuard($tokens->next($index + 1));
        }
        $line = $tokens->line($index);
        $silenced = 64 === $id;
        $negated = 33 === $id;
        $call = $silenced || $negated ? $tokens->next($index + 1) : $index;
        $name = $this->call($call);
        if (null === $name) {
            return null;
        }
        [$after, $function, $static] = $name;
        $id = $tokens->id($after);
        if (\T_BOOLEAN_OR === $id || \T_LOGICAL_OR === $id) {
            // `defined('X') || exit;`: TopLevelScanner names what runs, conditionally.
            $exit = $silenced ? null : $this->exitStatement($tokens->next($after + 1));
            if (null === $exit) {
                return null;
            }
            $this->effect = new SideEffect('exits (conditionally)', $line);

            return $exit[0];
        }
        if (59 !== $id || $negated) {
            return null;
        }
        $last = strtolower(substr($function, (int) strrpos('\\'.$function, '\\')));
        if (null !== $static) {
            $this->effect = new SideEffect($silenced ? 'runs an expression' : 'calls a method', $line);
        } elseif ($silenced) {
            $this->effect = new SideEffect('runs an expression', $line);
        } elseif (isset(self::DESCRIBED[$last]) || str_contains($function, '\\')) {
            // A qualified function name resolves by the imports of functions: left to php-parser.
            return null;
        } elseif (!isset(self::HINTS[$last])) {
            $this->effect = new SideEffect(\sprintf('calls %s()', $function), $line);
        }

        return $after + 1;
    }

    /**
     * `NAME(...)` or `NAME::NAME(...)` at $index: the index after `)`, the function's name as written (without a
     * leading backslash) and the method's, if it is a static call.
     *
     * @return array{int, string, string|null}|null
     */
    private function call(int $index): ?array
    {
        $tokens = $this->tokens;
        if (!isset(self::NAMES[$tokens->id($index)])) {
            return null;
        }
        $name = ltrim($tokens->text($index), '\\');
        $index = $tokens->next($index + 1);
        $method = null;
        if (\T_DOUBLE_COLON === $tokens->id($index)) {
            $method = $tokens->next($index + 1);
            if (\T_STRING !== $tokens->id($method)) {
                return null;
            }
            $index = $tokens->next($method + 1);
            $method = $tokens->text($method);
        }
        $end = $this->arguments($index);

        return null === $end ? null : [$end, $name, $method];
    }

    /** `(...)` at $index: the index of the token that counts after `)`. */
    private function arguments(int $index): ?int
    {
        $tokens = $this->tokens;
        if (40 !== $tokens->id($index)) {
            return null;
        }
        $end = $tokens->skipArguments($tokens->next($index + 1));
        if (null === $end) {
            return null;
        }
        $after = $tokens->next($end + 1);

        // `f()->g()`, `f()::g()`, `f()[0]`: a chain TopLevelScanner names otherwise.
        return \T_OBJECT_OPERATOR === $tokens->id($after) || \T_NULLSAFE_OBJECT_OPERATOR === $tokens->id($after)
            || \T_DOUBLE_COLON === $tokens->id($after) || 91 === $tokens->id($after) || 40 === $tokens->id($after)
            ? null
            : $after;
    }

    /** `(CONDITION) { exit; }` (or without braces) from the token after `if`: the index after it. */
    private function exitGuard(int $index): ?int
    {
        $tokens = $this->tokens;
        if (40 !== $tokens->id($index)) {
            return null;
        }
        $end = $tokens->skipExpression($tokens->next($index + 1));
        if (null === $end || 41 !== $tokens->id($end)) {
            return null;
        }
        $index = $tokens->next($end + 1);
        $braced = 123 === $tokens->id($index);
        $exit = $this->exitStatement($braced ? $tokens->next($index + 1) : $index);
        if (null === $exit) {
            return null;
        }
        [$index, $line] = $exit;
        if ($braced) {
            $index = $tokens->next($index);
            if (125 !== $tokens->id($index)) {
                return null;
            }
            ++$index;
        }
        $next = $tokens->id($tokens->next($index));
        if (\T_ELSE === $next || \T_ELSEIF === $next) {
            return null;
        }
        $this->effect = new SideEffect('exits', $line);

        return $index;
    }

    /**
     * `exit;`, `die('...');` at $index: the index after `;` and the line of the statement.
     *
     * @return array{int, int}|null
     */
    private function exitStatement(int $index): ?array
    {
        $tokens = $this->tokens;
        if (\T_EXIT !== $tokens->id($index)) {
            return null;
        }
        $line = $tokens->line($index);
        $after = $tokens->next($index + 1);
        if (40 === $tokens->id($after)) {
            $after = $this->arguments($after);
        }

        return null !== $after && 59 === $tokens->id($after) ? [$after + 1, $line] : null;
    }
}
