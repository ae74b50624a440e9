<?php

namespace Acme\Repo;

// Widening the parameter from Post to Entity is allowed if Post extends Entity: PHP must load Post to know.
class EntityHandler implements Handler
{
    public function handle(Entity $post, ?Entity $context = null): void
    {
    }
}
