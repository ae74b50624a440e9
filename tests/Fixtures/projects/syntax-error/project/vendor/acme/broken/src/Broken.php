<?php

namespace Acme\Broken;

class Broken
{
    public function oops(
}
