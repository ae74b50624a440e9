<?php

namespace Acme\Collection;

// PHP checks getIterator() against IteratorAggregate::getIterator(): Traversable, which needs
// Acme\Lazy\LazyIterator (a package not installed). The signatures of built-in classes are not in the
// inventory, so only verification sees this.
class Items implements \IteratorAggregate
{
    public function getIterator(): \Acme\Lazy\LazyIterator
    {
        throw new \LogicException('not installed');
    }
}
