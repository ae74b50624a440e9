<?php

namespace Acme\Config;

class Settings implements HasVersion
{
    const string VERSION = '2.0';
    const int|string TIMEOUT = '30';
    const Mode MODE = Mode::DEFAULT;
}
