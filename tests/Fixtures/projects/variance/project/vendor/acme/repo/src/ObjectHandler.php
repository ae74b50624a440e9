<?php

namespace Acme\Repo;

// Widening to mixed needs nothing loaded.
class ObjectHandler implements Handler
{
    public function handle(mixed $post, ?Entity $context = null): void
    {
    }
}
