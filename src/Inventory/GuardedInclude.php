<?php

declare(strict_types=1);

namespace Preheat\Inventory;

/**
 * An include or require that runs only depending on whether a function, class or constant exists
 * (`if (!function_exists('__')) { require ABSPATH.'l10n.php'; }`, or after an early `return` such a
 * check guards). Preloading the file it reaches declares those names before the check runs, so the
 * include is skipped and the file's top-level code would never run: such a file must stay out even
 * when it is otherwise only ever loaded by explicit require.
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
    ) {
    }

    /** Whether this include may load the file at $path: exactly when resolved, by the known end of the path otherwise. */
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

    /** @return array{target: string|null, suffix: string, line: int} */
    public function toArray(): array
    {
        return ['target' => $this->target, 'suffix' => $this->suffix, 'line' => $this->line];
    }

    /** @param array{target: string|null, suffix: string, line: int} $data */
    public static function fromArray(array $data): self
    {
        return new self($data['target'], $data['suffix'], $data['line']);
    }
}
