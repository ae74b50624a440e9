<?php

declare(strict_types=1);

namespace Preheat\Inventory;

/**
 * Reads a class-like's body from tokens: the traits it uses, its methods' signatures, the properties a child
 * inherits and its constants, as SignatureReader and LinkNames read them from php-parser's nodes. Gives up (null)
 * on whatever it does not read as php-parser would: syntax newer than PHP 8.2 (property hooks, asymmetric
 * visibility, typed constants), what php-parser or PHP refuses, a body the analysis must look into.
 *
 * @internal
 */
final class ClassMemberReader
{
    private const MODIFIERS = [\T_PUBLIC => true, \T_PROTECTED => true, \T_PRIVATE => true, \T_STATIC => true,
        \T_ABSTRACT => true, \T_FINAL => true, \T_READONLY => true, \T_VAR => true];

    private const PROMOTING = [\T_PUBLIC => true, \T_PROTECTED => true, \T_PRIVATE => true, \T_READONLY => true];

    private const AMPERSANDS = [38 => true, \T_AMPERSAND_FOLLOWED_BY_VAR_OR_VARARG => true,
        \T_AMPERSAND_NOT_FOLLOWED_BY_VAR_OR_VARARG => true];

    /** Method names PHP refuses `static` on. */
    private const NOT_STATIC = ['__construct' => true, '__destruct' => true, '__clone' => true];

    /** @var list<string> */
    public array $traits = [];

    /** @var list<MethodSignature> */
    public array $methods = [];

    /** @var list<PropertySignature> */
    public array $properties = [];

    /** @var list<ConstantSignature> */
    public array $constants = [];

    /** @var list<PropertySignature> promoted by the constructor, after the declared ones */
    private array $promoted = [];

    private bool $constructorSeen = false;

    private readonly TokenTypeReader $types;

    /**
     * @param array<int, int> $bodies    the `{` of each inert function body => its `}`
     * @param string|null     $self      what `self` stands for (null in a trait)
     * @param string|null     $parent    what `parent` stands for
     * @param bool            $interface every method is abstract
     */
    public function __construct(
        private readonly TokenStream $tokens,
        private readonly ImportedNames $names,
        private readonly array $bodies,
        private readonly ?string $self,
        private readonly ?string $parent,
        private readonly bool $interface,
        private readonly bool $readonlyClass,
    ) {
        $this->types = new TokenTypeReader($tokens, $names);
    }

    /** Reads the members from the token after the body's `{`: the index of its `}`, or null. */
    public function read(int $index): ?int
    {
        $tokens = $this->tokens;
        while (true) {
            $index = $tokens->next($index);
            $id = $tokens->id($index);
            if (125 === $id) {
                $this->properties = [...$this->properties, ...$this->promoted];

                return $index;
            }
            $index = match ($id) {
                \T_USE => $this->traitUse($tokens->next($index + 1)),
                \T_CASE => $this->enumCase($tokens->next($index + 1)),
                default => $this->member($index),
            };
            if (null === $index) {
                return null;
            }
        }
    }

    private function traitUse(int $index): ?int
    {
        $tokens = $this->tokens;
        while (true) {
            $id = $tokens->id($index);
            if (!isset(TokenStream::CLASS_NAMES[$id]) || ImportedNames::isSpecial($tokens->text($index))) {
                return null;
            }
            $this->traits[] = $this->names->resolve($id, $tokens->text($index));
            $index = $tokens->next($index + 1);
            $id = $tokens->id($index);
            if (59 === $id) {
                return $index + 1;
            }
            if (123 === $id) {
                return $this->adaptations($index + 1);
            }
            if (44 !== $id) {
                return null;
            }
            $index = $tokens->next($index + 1);
        }
    }

    /** `{ A::b insteadof C; d as protected e; }`: nothing the analysis reads. */
    private function adaptations(int $index): ?int
    {
        for (; $index < $this->tokens->count; ++$index) {
            $id = $this->tokens->id($index);
            if (125 === $id) {
                return $index + 1;
            }
            if (123 === $id || 40 === $id || \T_ATTRIBUTE === $id) {
                return null;
            }
        }

        return null;
    }

    private function enumCase(int $index): ?int
    {
        $end = $this->tokens->skipExpression($index);

        return null !== $end && 59 === $this->tokens->id($end) ? $end + 1 : null;
    }

    private function member(int $index): ?int
    {
        $tokens = $this->tokens;
        $override = false;
        while (\T_ATTRIBUTE === $tokens->id($index)) {
            $attributes = $tokens->attributeGroup($tokens->next($index + 1), $this->names);
            if (null === $attributes) {
                return null;
            }
            [$index, $named] = $attributes;
            $override = $override || $named;
        }
        $modifiers = [];
        while (isset(self::MODIFIERS[$id = $tokens->id($index)])) {
            if (isset($modifiers[$id])) {
                return null;
            }
            $modifiers[$id] = true;
            $index = $tokens->next($index + 1);
        }
        if (\T_FUNCTION === $id) {
            return $this->method($tokens->next($index + 1), $modifiers, $override);
        }
        if ($override) {
            return null;
        }
        if (\T_CONST === $id) {
            return $this->constant($tokens->next($index + 1), $modifiers);
        }

        return [] === $modifiers ? null : $this->property($index, $modifiers);
    }

    /** @param array<int, true> $modifiers */
    private function constant(int $index, array $modifiers): ?int
    {
        if (isset($modifiers[\T_STATIC]) || isset($modifiers[\T_ABSTRACT]) || isset($modifiers[\T_READONLY])
            || isset($modifiers[\T_VAR])) {
            return null;
        }
        $tokens = $this->tokens;
        $names = [];
        while (true) {
            // A name then `=`: a typed constant (PHP 8.3) has a type between, left to php-parser.
            $equals = $tokens->next($index + 1);
            if (61 !== $tokens->id($equals)) {
                return null;
            }
            $names[] = $tokens->text($index);
            $end = $tokens->skipExpression($tokens->next($equals + 1));
            if (null === $end) {
                return null;
            }
            if (59 === $tokens->id($end)) {
                break;
            }
            if (44 !== $tokens->id($end)) {
                return null;
            }
            $index = $tokens->next($end + 1);
        }
        if (!isset($modifiers[\T_PRIVATE])) {
            foreach ($names as $name) {
                $this->constants[] = new ConstantSignature($name, null, isset($modifiers[\T_FINAL]));
            }
        }

        return $end + 1;
    }

    /** @param array<int, true> $modifiers */
    private function property(int $index, array $modifiers): ?int
    {
        // Final and abstract properties are PHP 8.4's, with hooks.
        if (isset($modifiers[\T_FINAL]) || isset($modifiers[\T_ABSTRACT])) {
            return null;
        }
        $tokens = $this->tokens;
        $type = null;
        if (\T_VARIABLE !== $tokens->id($index)) {
            $type = $this->types->read($index);
            if (null === $type) {
                return null;
            }
            $type = $type->resolving($this->self, $this->parent);
            $index = $this->types->end;
        }
        $readonly = isset($modifiers[\T_READONLY]) || $this->readonlyClass;
        while (true) {
            if (\T_VARIABLE !== $tokens->id($index)) {
                return null;
            }
            $name = substr($tokens->text($index), 1);
            $index = $tokens->next($index + 1);
            if (61 === $tokens->id($index)) {
                $index = $tokens->skipExpression($tokens->next($index + 1));
                if (null === $index) {
                    return null;
                }
            }
            if (!isset($modifiers[\T_PRIVATE])) {
                $static = isset($modifiers[\T_STATIC]);
                $this->properties[] = new PropertySignature($name, $type, true, true, $static, $readonly);
            }
            $id = $tokens->id($index);
            if (59 === $id) {
                return $index + 1;
            }
            if (44 !== $id) {
                return null;
            }
            $index = $tokens->next($index + 1);
        }
    }

    /** @param array<int, true> $modifiers */
    private function method(int $index, array $modifiers, bool $override): ?int
    {
        if (isset($modifiers[\T_READONLY]) || isset($modifiers[\T_VAR])) {
            return null;
        }
        $tokens = $this->tokens;
        $byReference = isset(self::AMPERSANDS[$tokens->id($index)]);
        if ($byReference) {
            $index = $tokens->next($index + 1);
        }
        $name = $tokens->text($index);
        $lower = strtolower($name);
        $open = $tokens->next($index + 1);
        if ('' === $name || 40 !== $tokens->id($open)
            || (isset($modifiers[\T_STATIC]) && isset(self::NOT_STATIC[$lower]))) {
            return null;
        }
        $constructor = '__construct' === $lower && !$this->constructorSeen;
        $this->constructorSeen = $this->constructorSeen || '__construct' === $lower;
        $parameters = $this->parameters($tokens->next($open + 1), $constructor);
        if (null === $parameters) {
            return null;
        }
        [$index, $signature] = $parameters;
        $returnType = null;
        if (58 === $tokens->id($index)) {
            $returnType = $this->types->read($tokens->next($index + 1));
            if (null === $returnType) {
                return null;
            }
            $returnType = $returnType->resolving($this->self, $this->parent);
            $index = $this->types->end;
        }
        $id = $tokens->id($index);
        if (123 === $id) {
            if (!isset($this->bodies[$index])) {
                return null;
            }
            $index = $this->bodies[$index];
        } elseif (59 !== $id) {
            return null;
        }
        $this->methods[] = new MethodSignature(
            name: $name,
            parameters: $signature->parameters,
            returnType: $returnType,
            abstract: $this->interface || isset($modifiers[\T_ABSTRACT]),
            private: isset($modifiers[\T_PRIVATE]),
            arity: $signature->arity,
            static: isset($modifiers[\T_STATIC]),
            returnsReference: $byReference,
            override: $override,
        );

        return $index + 1;
    }

    /**
     * The parameters from the token after `(`: the index after `)` and what they make of the signature.
     *
     * @return array{int, ParameterList}|null
     */
    private function parameters(int $index, bool $constructor): ?array
    {
        $tokens = $this->tokens;
        $list = new ParameterList();
        while (41 !== $tokens->id($index)) {
            while (\T_ATTRIBUTE === $tokens->id($index)) {
                $attributes = $tokens->attributeGroup($tokens->next($index + 1), $this->names);
                if (null === $attributes) {
                    return null;
                }
                $index = $attributes[0];
            }
            $promoted = [];
            while (isset(self::PROMOTING[$id = $tokens->id($index)])) {
                if (!$constructor || isset($promoted[$id])) {
                    return null;
                }
                $promoted[$id] = true;
                $index = $tokens->next($index + 1);
            }
            $type = null;
            if (TokenTypeReader::startsType($tokens->id($index))) {
                $type = $this->types->read($index);
                if (null === $type || $type->allows('void')) {
                    return null;
                }
                $type = $type->resolving($this->self, $this->parent);
                $index = $this->types->end;
            }
            $byReference = \T_AMPERSAND_FOLLOWED_BY_VAR_OR_VARARG === $tokens->id($index);
            if ($byReference) {
                $index = $tokens->next($index + 1);
            }
            $variadic = \T_ELLIPSIS === $tokens->id($index);
            if ($variadic) {
                $index = $tokens->next($index + 1);
            }
            if (\T_VARIABLE !== $tokens->id($index)) {
                return null;
            }
            $name = substr($tokens->text($index), 1);
            $index = $tokens->next($index + 1);
            $defaultsToNull = false;
            $hasDefault = 61 === $tokens->id($index);
            if ($hasDefault) {
                if ($variadic) {
                    return null;
                }
                $from = $tokens->next($index + 1);
                $index = $tokens->skipExpression($from);
                if (null === $index) {
                    return null;
                }
                $defaultsToNull = $tokens->next($from + 1) === $index && self::isNull($tokens, $from);
            }
            if ([] !== $promoted) {
                if (!isset($promoted[\T_PRIVATE])) {
                    $this->promoted[] = new PropertySignature(
                        $name,
                        $type,
                        true,
                        true,
                        false,
                        isset($promoted[\T_READONLY]) || $this->readonlyClass,
                    );
                }
            }
            $list->add($name, $type, $hasDefault, $defaultsToNull, $byReference, $variadic);
            $id = $tokens->id($index);
            if (44 === $id) {
                $index = $tokens->next($index + 1);
            } elseif (41 !== $id) {
                return null;
            }
        }

        return [$tokens->next($index + 1), $list];
    }

    /** `null`, `NULL`, `\null`: what php-parser reads as the constant null. */
    private static function isNull(TokenStream $tokens, int $index): bool
    {
        $id = $tokens->id($index);

        return (\T_STRING === $id || \T_NAME_FULLY_QUALIFIED === $id)
            && 0 === strcasecmp(ltrim($tokens->text($index), '\\'), 'null');
    }
}
