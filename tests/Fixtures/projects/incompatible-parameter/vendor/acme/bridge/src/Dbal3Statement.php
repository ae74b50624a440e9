<?php

namespace Acme\Bridge;

use Acme\Dbal\StatementMiddleware;

// A narrower parameter type than the parent's: PHP refuses to link it. The inventory does not judge
// parameters, so only verification sees this.
final class Dbal3Statement extends StatementMiddleware
{
    public function bindValue(int $param): void
    {
    }
}
