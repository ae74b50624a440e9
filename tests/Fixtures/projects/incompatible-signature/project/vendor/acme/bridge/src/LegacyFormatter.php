<?php

namespace Acme\Bridge;

// Written before Formatter::format() declared its return type: PHP refuses to link it.
class LegacyFormatter extends \Acme\Dbal\Formatter
{
    public function format(array $record)
    {
        return '';
    }

    // A magic method without its return type is fine: PHP adds `: string` to __toString() itself.
    public function __toString()
    {
        return '';
    }
}
