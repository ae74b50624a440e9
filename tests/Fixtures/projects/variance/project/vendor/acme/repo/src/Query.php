<?php

namespace Acme\Repo;

// Query needs Builder linked to check builder(), and Builder needs Query linked to check query(): at
// preload each waits for the other, and neither links.
abstract class Query extends Statement
{
    abstract public function builder(): Builder;
}
