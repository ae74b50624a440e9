<?php

declare(strict_types=1);

namespace Preheat\Inventory;

/**
 * A declaration PHP only makes when code runs (inside an `if`, a function or a method):
 * opcache_compile_file() does not run code, so it can never be preloaded.
 */
final class ConditionalDeclaration
{
    public function __construct(
        public readonly DeclarationKind $kind,
        public readonly string $name,
        public readonly int $line,
        public readonly string $context,
    ) {
    }

    /** @return array{kind: string, name: string, line: int, context: string} */
    public function toArray(): array
    {
        return [
            'kind' => $this->kind->value,
            'name' => $this->name,
            'line' => $this->line,
            'context' => $this->context,
        ];
    }

    /** @param array{kind: string, name: string, line: int, context: string} $data */
    public static function fromArray(array $data): self
    {
        return new self(DeclarationKind::from($data['kind']), $data['name'], $data['line'], $data['context']);
    }
}
