<?php

namespace Acme\Db;

class Connection
{
    public function query(string $sql): array
    {
        return [];
    }
}
