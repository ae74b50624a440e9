<?php

declare(strict_types=1);

namespace Preheat\Inventory;

/**
 * The values of the constants an app defines with define() from literal parts (`define('ABSPATH',
 * __DIR__.'/')`, `define('WPINC', 'wp-includes')`), over every scanned file: a constant is known when
 * every definition of it gives the same value, so that include paths built from it can be resolved.
 */
final class ConstantTable
{
    private const MAX_DEPTH = 10;

    /** @var array<string, list<list<array{string, string}>>> */
    private array $definitions = [];

    /** @var array<string, string|null> */
    private array $values = [];

    public static function of(Inventory $inventory): self
    {
        $table = new self();
        foreach ($inventory->files as $file) {
            foreach ($file->includes->constants as $name => $definitions) {
                foreach ($definitions as $parts) {
                    $table->definitions[(string) $name][] = $parts;
                }
            }
        }

        return $table;
    }

    public function value(string $name, int $depth = 0): ?string
    {
        if (\array_key_exists($name, $this->values)) {
            return $this->values[$name];
        }
        if ($depth > self::MAX_DEPTH || !isset($this->definitions[$name])) {
            return null;
        }
        $value = null;
        foreach ($this->definitions[$name] as $parts) {
            $one = StaticPath::value($parts, $this, $depth);
            if (null === $one || (null !== $value && $one !== $value)) {
                return $this->values[$name] = null;
            }
            $value = $one;
        }

        return $this->values[$name] = $value;
    }
}
