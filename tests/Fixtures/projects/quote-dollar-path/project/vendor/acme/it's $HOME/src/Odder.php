<?php

namespace Acme\Odd;

class Odder extends Odd
{
}
