<?php

namespace Acme\Bridge;

use Acme\Dbal\ConnectionMiddleware;

// Written for version 3 of acme/dbal, whose beginTransaction() returned bool: with version 4 installed
// the app never loads it, and PHP refuses to link it.
final class Dbal3Connection extends ConnectionMiddleware
{
    public function beginTransaction(): bool
    {
        return true;
    }
}
