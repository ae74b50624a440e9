<?php

namespace Acme\Repo;

class Shape
{
    public function copy(): object
    {
        return clone $this;
    }
}
