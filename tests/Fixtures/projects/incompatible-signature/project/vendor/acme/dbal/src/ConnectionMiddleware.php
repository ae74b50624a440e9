<?php

namespace Acme\Dbal;

abstract class ConnectionMiddleware
{
    public function beginTransaction(): void
    {
    }
}
