<?php

declare(strict_types=1);

namespace Preheat\Inventory;

/**
 * The namespace of a file and the classes its `use` statements import: how a class name in its code resolves, as
 * php-parser's NameResolver resolves it (an imported alias, compared without regard to case, for the first part
 * of the name; else the namespace in front).
 *
 * @internal
 */
final class ImportedNames
{
    /** The names PHP reserves for the class at hand, its parent and the class called. */
    private const SPECIAL = ['self' => true, 'parent' => true, 'static' => true];

    /** @var array<string, string> lower-case alias => the fully qualified name it stands for */
    private array $classes = [];

    /** @var array<int, array<string, true>> the function and constant aliases (T_FUNCTION, T_CONST) */
    private array $others = [];

    public function __construct(public readonly string $namespace = '')
    {
    }

    /**
     * Adds `use [function|const] NAME [as ALIAS]` ($kind: 0, T_FUNCTION or T_CONST); false when PHP would refuse
     * it (an alias already in use for its kind, a class imported as a special class name), so that php-parser
     * reports the file as it would. Only classes are resolved: the others are kept to find a clash.
     */
    public function import(string $name, ?string $alias, int $kind = 0): bool
    {
        $name = ltrim($name, '\\');
        $alias ??= substr($name, (int) strrpos('\\'.$name, '\\'));
        $key = \T_CONST === $kind ? $alias : strtolower($alias);
        if ('' === $alias || isset($this->others[$kind][$key])
            || (0 === $kind && (isset($this->classes[$key]) || isset(self::SPECIAL[$key])))) {
            return false;
        }
        if (0 === $kind) {
            $this->classes[$key] = $name;
        } else {
            $this->others[$kind][$key] = true;
        }

        return true;
    }

    /** Whether a class declared as $name would clash with an import. */
    public function imports(string $name): bool
    {
        return isset($this->classes[strtolower($name)]);
    }

    public static function isSpecial(string $name): bool
    {
        return isset(self::SPECIAL[strtolower($name)]);
    }

    /** The fully qualified name of a class declared in the file as $name. */
    public function declared(string $name): string
    {
        return '' === $this->namespace ? $name : $this->namespace.'\\'.$name;
    }

    /**
     * The fully qualified name a class name token stands for ($id: T_STRING or a T_NAME_* token); `self`,
     * `parent` and `static` as written.
     */
    public function resolve(int $id, string $text): string
    {
        if (\T_NAME_FULLY_QUALIFIED === $id) {
            return substr($text, 1);
        }
        if (\T_NAME_RELATIVE === $id) {
            return $this->declared(substr($text, 10));
        }
        if (\T_NAME_QUALIFIED === $id) {
            $first = strstr($text, '\\', true);
            $imported = $this->classes[strtolower((string) $first)] ?? null;

            return null === $imported ? $this->declared($text) : $imported.substr($text, \strlen((string) $first));
        }
        if (isset(self::SPECIAL[strtolower($text)])) {
            return $text;
        }

        return $this->classes[strtolower($text)] ?? $this->declared($text);
    }
}
