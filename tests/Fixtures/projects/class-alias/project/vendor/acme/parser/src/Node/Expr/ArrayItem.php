<?php

namespace Acme\Parser\Node\Expr;

require __DIR__.'/../ArrayItem.php';

if (false) {
    class ArrayItem extends \Acme\Parser\Node\ArrayItem
    {
    }
}
