<?php

namespace Acme\Config;

use Acme\Plugin\PluginMode;

// Narrows Defaults::MODE to an enum of a package that is not installed: PHP cannot check it at preload.
class PluginDefaults extends Defaults
{
    const ?PluginMode MODE = null;
}
