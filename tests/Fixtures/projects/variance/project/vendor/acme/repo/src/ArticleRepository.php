<?php

namespace Acme\Repo;

// A narrower return type: PHP loads Article (and Entity) to check it, so Article must be preloaded too.
class ArticleRepository extends Repository
{
    public function find(): Article
    {
        return new Article();
    }
}
