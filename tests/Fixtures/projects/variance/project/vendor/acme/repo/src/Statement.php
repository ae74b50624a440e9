<?php

namespace Acme\Repo;

abstract class Statement
{
    abstract public function builder(): object;

    abstract public function query(): object;
}
