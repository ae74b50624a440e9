<?php

namespace Acme\Repo;

class CachedPostRepository extends PostRepository
{
}
