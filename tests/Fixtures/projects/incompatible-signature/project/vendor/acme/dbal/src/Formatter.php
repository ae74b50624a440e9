<?php

namespace Acme\Dbal;

class Formatter
{
    public function format(array $record): string
    {
        return '';
    }
}
