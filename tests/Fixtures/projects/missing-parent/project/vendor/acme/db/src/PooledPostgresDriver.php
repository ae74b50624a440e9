<?php

namespace Acme\Db;

final class PooledPostgresDriver extends PostgresDriver
{
}
