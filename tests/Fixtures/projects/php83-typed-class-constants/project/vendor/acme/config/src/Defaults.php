<?php

namespace Acme\Config;

class Defaults
{
    const ?Mode MODE = null;
}
