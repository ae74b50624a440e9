<?php

namespace Acme\Config;

class FastSettings extends Settings
{
    const int TIMEOUT = 5;
}
