<?php

namespace Acme\Config;

interface HasVersion
{
    const string VERSION = '1.0';
}
