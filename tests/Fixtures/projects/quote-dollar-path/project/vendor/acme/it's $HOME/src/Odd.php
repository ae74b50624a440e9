<?php

namespace Acme\Odd;

class Odd
{
}
