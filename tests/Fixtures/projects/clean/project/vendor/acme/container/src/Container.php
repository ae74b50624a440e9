<?php

declare(strict_types=1);

namespace Acme\Container;

class Container implements ContainerInterface
{
    use RemembersInstances;

    public function get(string $id): mixed
    {
        return $this->instances[$id] ?? null;
    }

    public function has(string $id): bool
    {
        return isset($this->instances[$id]);
    }
}
