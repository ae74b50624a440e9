<?php

namespace Acme\Queue;

trait Dispatchable
{
    public static function dispatch(): void
    {
    }
}
