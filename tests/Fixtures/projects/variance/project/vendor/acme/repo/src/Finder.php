<?php

namespace Acme\Repo;

use Acme\Blog\Post;

interface Finder
{
    public function find(): Post;
}
