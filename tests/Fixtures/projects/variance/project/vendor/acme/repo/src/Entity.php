<?php

namespace Acme\Repo;

class Entity
{
}
