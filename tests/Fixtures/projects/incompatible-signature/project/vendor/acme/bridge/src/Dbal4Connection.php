<?php

namespace Acme\Bridge;

use Acme\Dbal\ConnectionMiddleware;

final class Dbal4Connection extends ConnectionMiddleware
{
    use RequiresTransactions;
}
