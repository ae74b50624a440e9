<?php

namespace Acme\Repo;

class Article extends Entity
{
}
