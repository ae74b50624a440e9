<?php

namespace Acme\Parser\Node;

class ArrayItem
{
}

// For classes that extend the old name.
class_alias(ArrayItem::class, Expr\ArrayItem::class);
