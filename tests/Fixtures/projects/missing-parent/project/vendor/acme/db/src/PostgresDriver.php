<?php

namespace Acme\Db;

use Doctrine\DBAL\Driver\AbstractPostgreSQLDriver;

class PostgresDriver extends AbstractPostgreSQLDriver
{
}
