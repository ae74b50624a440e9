<?php

namespace Acme\Repo;

// Acme\Blog\Post is not installed, but the types are the same name: PHP compares the names and loads
// nothing, so this class links.
class PostFinder implements Finder
{
    public function find(): \Acme\Blog\Post
    {
        throw new \LogicException('not installed');
    }
}
