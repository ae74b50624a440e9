<?php

declare(strict_types=1);

namespace Acme\Container;

function container(): Container
{
    static $container;

    return $container ??= new Container();
}
