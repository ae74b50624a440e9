<?php

namespace Acme\Config;

interface Limits
{
    final const int MAX = 10;
}
