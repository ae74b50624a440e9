<?php

namespace Acme\Dom;

// As generated DOM bindings do: an interface whose helper returns an anonymous class implementing a
// sub-interface, declared in another file that extends this one. The files need each other.
interface Node
{
    public static function cast(array $values): Element;
}

function castElement(): Element
{
    return new class implements Element {
        public static function cast(array $values): Element
        {
            return new self();
        }
    };
}
