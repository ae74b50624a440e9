<?php

declare(strict_types=1);

namespace Acme\Container;

trait RemembersInstances
{
    /** @var array<string, mixed> */
    private array $instances = [];
}
