<?php

declare(strict_types=1);

namespace Preheat\Inventory;

enum DeclarationKind: string
{
    case ClassDeclaration = 'class';
    case InterfaceDeclaration = 'interface';
    case TraitDeclaration = 'trait';
    case EnumDeclaration = 'enum';
    case FunctionDeclaration = 'function';

    /** Classes, interfaces, traits and enums share one symbol table in PHP. */
    public function isClassLike(): bool
    {
        return self::FunctionDeclaration !== $this;
    }
}
