<?php

namespace Acme\Bridge;

use Acme\Dbal\StatementMiddleware;

final class Dbal4Statement extends StatementMiddleware
{
}
