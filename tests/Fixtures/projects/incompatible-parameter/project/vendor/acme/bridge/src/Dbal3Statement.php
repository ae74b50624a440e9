<?php

namespace Acme\Bridge;

use Acme\Dbal\StatementMiddleware;

// A parameter type that does not accept the parent's (a class for string|int): PHP refuses to link it.
// The planner judges parameter types between built-in types only, so only verification sees this.
final class Dbal3Statement extends StatementMiddleware
{
    public function bindValue(\Stringable $param): void
    {
    }
}
