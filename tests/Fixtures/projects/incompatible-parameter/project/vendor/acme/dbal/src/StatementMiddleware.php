<?php

namespace Acme\Dbal;

abstract class StatementMiddleware
{
    public function bindValue(string|int $param): void
    {
    }
}
