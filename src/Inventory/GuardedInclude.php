<?php

declare(strict_types=1);

namespace Preheat\Inventory;

/**
 * An include or require that runs only depending on whether a function, class or constant exists
 * (`if (!function_exists('__')) { require ABSPATH.'l10n.php'; }`, or after an early `return` such a
 * check guards). Once a preloaded file declares a name the check asks about, the check answers
 * differently from the first line of the request: the include is skipped (and what the included file
 * does at its top level never happens), or runs where it did not. A file that declares such a name
 * must stay out even when the app otherwise only ever loads it by explicit require.
 */
final class GuardedInclude
{
    /**
     * @param string|null $target absolute path, when the expression could be resolved completely
     * @param string      $suffix the known end of the path when it could not ('' = unknown: it may reach any file)
     */
    public function __construct(
        public readonly ?string $target,
        public readonly string $suffix,
        public readonly int $line,
        public readonly GuardCondition $condition = new GuardCondition(anyName: true),
        /**
         * @var list<array{string, string}>|null the path as `StaticPath` parts, to resolve again once constants are
         *                                       known
         */
        public readonly ?array $parts = null,
    ) {
    }

    /** The same include, its path resolved again with the constants the app defines. */
    public function withConstants(ConstantTable $constants): self
    {
        return null === $this->parts
            ? $this
            : StaticPath::resolve($this->parts, $this->condition, $this->line, $constants);
    }

    /**
     * Why preloading this file would change whether the include runs, or null when it would not: it
     * declares a name the guard asks about; or the guard asks about a name that cannot be told, and the
     * include may reach the file (then its path decides, as far as it resolves).
     */
    public function changedBy(FileInventory $file): ?string
    {
        $known = new GuardCondition($this->condition->names, $this->condition->prefixes);
        foreach ($file->declarations as $declaration) {
            if ($known->asksAbout($declaration->name)) {
                return \sprintf('asks whether %s exists, which this file declares', $declaration->name);
            }
        }
        if ($this->condition->anyName && $this->mayReach($file->path)) {
            return \sprintf(
                'asks whether a function or class exists whose name it builds at runtime, and includes %s',
                $this->describe(),
            );
        }

        return null;
    }

    /**
     * Whether this include may load the file at $path: exactly when resolved, by the known end of the path otherwise.
     */
    public function mayReach(string $path): bool
    {
        if (null !== $this->target) {
            return $this->target === $path || (false !== ($real = realpath($this->target)) && $real === $path);
        }

        return '' === $this->suffix || str_ends_with($path, $this->suffix);
    }

    public function describe(): string
    {
        return match (true) {
            null !== $this->target => $this->target,
            '' === $this->suffix => 'a path it cannot resolve',
            default => 'a path ending in '.$this->suffix,
        };
    }

    /**
     * @return array{target: string|null, suffix: string, line: int, names: list<string>, prefixes: list<string>,
     *               anyName: bool, parts?: list<array{string, string}>}
     */
    public function toArray(): array
    {
        return [
            'target' => $this->target,
            'suffix' => $this->suffix,
            'line' => $this->line,
            'names' => $this->condition->names,
            'prefixes' => $this->condition->prefixes,
            'anyName' => $this->condition->anyName,
        ] + (null === $this->parts ? [] : ['parts' => $this->parts]);
    }

    /**
     * @param array{target: string|null, suffix: string, line: int, names?: list<string>, prefixes?: list<string>,
     *              anyName?: bool, parts?: list<array{string, string}>} $data
     */
    public static function fromArray(array $data): self
    {
        return new self(
            $data['target'],
            $data['suffix'],
            $data['line'],
            new GuardCondition($data['names'] ?? [], $data['prefixes'] ?? [], $data['anyName'] ?? true),
            $data['parts'] ?? null,
        );
    }
}
