<?php

namespace Acme\Repo;

abstract class Builder extends Statement
{
    abstract public function query(): Query;
}
