<?php

namespace Acme\Bridge;

trait RequiresTransactions
{
    // Without a return type, but only a requirement: the implementation Dbal4Connection inherits stays, and fits.
    abstract public function beginTransaction();
}
