<?php

declare(strict_types=1);

namespace Preheat\Inventory;

/**
 * A class constant as PHP checks it when a child or an implementing class redeclares it: a final one cannot
 * be redeclared; a typed one (PHP 8.3) only with a type that fits (covariant: PHP loads the classes named to
 * compare, as for a return type). Private constants are not inherited, so not recorded.
 */
final class ConstantSignature
{
    public function __construct(
        public readonly string $name,
        public readonly ?DeclaredType $type = null,
        public readonly bool $final = false,
    ) {
    }

    /** @return array{0: string, 1?: list<string>|null, 2?: true} compact: most constants are a name only */
    public function toArray(): array
    {
        if ($this->final) {
            return [$this->name, $this->type?->terms, true];
        }

        return null === $this->type ? [$this->name] : [$this->name, $this->type->terms];
    }

    /** @param array{0: string, 1?: non-empty-list<string>|null, 2?: bool} $data */
    public static function fromArray(array $data): self
    {
        return new self($data[0], isset($data[1]) ? SharedValues::type($data[1]) : null, $data[2] ?? false);
    }
}
