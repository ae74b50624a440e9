<?php

declare(strict_types=1);

namespace Preheat\Inventory;

/**
 * What a class-like's header names between its name and its body: the parent (`extends` of a class), the
 * interfaces (`implements`, or an interface's `extends`) and an enum's backing type, read from tokens.
 *
 * @internal
 */
final class ClassHeader
{
    public ?string $parent = null;

    /** @var list<string> */
    public array $interfaces = [];

    /** The index after the name read last. */
    private int $afterName = 0;

    public function __construct(
        private readonly TokenStream $tokens,
        private readonly ImportedNames $names,
        private readonly DeclarationKind $kind,
    ) {
    }

    /** Reads from the token after the name: the index of the body's `{`, or null. */
    public function read(int $index): ?int
    {
        $tokens = $this->tokens;
        if (DeclarationKind::EnumDeclaration === $this->kind && 58 === $tokens->id($index)) {
            $type = $tokens->next($index + 1);
            if (\T_STRING !== $tokens->id($type)) {
                return null;
            }
            $index = $tokens->next($type + 1);
        }
        if (\T_EXTENDS === $tokens->id($index)) {
            if (DeclarationKind::ClassDeclaration === $this->kind) {
                $this->parent = $this->name($tokens->next($index + 1));
                if (null === $this->parent) {
                    return null;
                }
                $index = $tokens->next($this->afterName);
            } elseif (DeclarationKind::InterfaceDeclaration === $this->kind) {
                $index = $this->list($tokens->next($index + 1));
            } else {
                return null;
            }
        }
        if (null !== $index && \T_IMPLEMENTS === $tokens->id($index)) {
            if (DeclarationKind::ClassDeclaration !== $this->kind && DeclarationKind::EnumDeclaration !== $this->kind) {
                return null;
            }
            $index = $this->list($tokens->next($index + 1));
        }

        return null !== $index && 123 === $tokens->id($index) ? $index : null;
    }

    /** Names separated by commas, from $index: the index after the last. */
    private function list(int $index): ?int
    {
        while (true) {
            $name = $this->name($index);
            if (null === $name) {
                return null;
            }
            $this->interfaces[] = $name;
            $index = $this->tokens->next($this->afterName);
            if (44 !== $this->tokens->id($index)) {
                return $index;
            }
            $index = $this->tokens->next($index + 1);
        }
    }

    private function name(int $index): ?string
    {
        $id = $this->tokens->id($index);
        $text = $index < $this->tokens->count ? $this->tokens->text($index) : '';
        if (!isset(TokenStream::CLASS_NAMES[$id]) || ImportedNames::isSpecial($text)) {
            return null;
        }
        $this->afterName = $index + 1;

        return $this->names->resolve($id, $text);
    }
}
