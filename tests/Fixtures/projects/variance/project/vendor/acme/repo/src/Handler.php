<?php

namespace Acme\Repo;

interface Handler
{
    public function handle(\Acme\Blog\Post $post, ?Entity $context = null): void;
}
