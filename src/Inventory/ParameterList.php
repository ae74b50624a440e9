<?php

declare(strict_types=1);

namespace Preheat\Inventory;

/**
 * A method's parameters as the token reader meets them, one by one, and what PHP compares of them when the method
 * overrides another (SignatureReader::methodsOf() reads the same from php-parser's nodes).
 *
 * @internal
 */
final class ParameterList
{
    /** @var list<array{name: string, type: DeclaredType|null}> */
    public array $parameters = [];

    public MethodArity $arity;

    private int $required = 0;

    /** @var list<int> */
    private array $byReference = [];

    public function __construct()
    {
        $this->arity = new MethodArity(required: 0, count: 0);
    }

    /** @param DeclaredType|null $type resolved (`self` and `parent` named) */
    public function add(
        string $name,
        ?DeclaredType $type,
        bool $hasDefault,
        bool $defaultsToNull,
        bool $byReference,
        bool $variadic,
    ): void {
        $index = \count($this->parameters);
        if (!$hasDefault && !$variadic) {
            $this->required = $index + 1;
        }
        if ($byReference) {
            $this->byReference[] = $index;
        }
        if (null !== $type && $defaultsToNull && !$type->allows('null') && !$type->allows('mixed')) {
            // `T $x = null` is implicitly nullable: PHP compares it as ?T.
            $type = new DeclaredType([...$type->terms, 'null']);
        }
        $this->parameters[] = ['name' => $name, 'type' => $type];
        $this->arity = new MethodArity(
            variadic: $variadic,
            required: $this->required,
            count: \count($this->parameters) - ($variadic ? 1 : 0),
            byReference: $this->byReference,
        );
    }
}
