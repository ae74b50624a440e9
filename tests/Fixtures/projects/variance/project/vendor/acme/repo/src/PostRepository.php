<?php

namespace Acme\Repo;

class PostRepository extends Repository
{
    public function find(): \Acme\Blog\Post
    {
        throw new \LogicException('not installed');
    }
}
