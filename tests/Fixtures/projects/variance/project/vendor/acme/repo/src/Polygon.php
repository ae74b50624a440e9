<?php

namespace Acme\Repo;

// PHP must load Square to check copy() against Shape::copy(): object, and Square can only be linked after
// this class, its parent: at preload neither links.
class Polygon extends Shape
{
    public function copy(): Square
    {
        return new Square();
    }
}
