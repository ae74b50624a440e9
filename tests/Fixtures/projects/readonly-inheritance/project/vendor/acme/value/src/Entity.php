<?php

namespace Acme\Value;

class Entity
{
    public int $id = 0;
}
