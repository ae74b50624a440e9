<?php

namespace Acme\Repo;

class Repository
{
    public function find(): Entity
    {
        return new Entity();
    }
}
