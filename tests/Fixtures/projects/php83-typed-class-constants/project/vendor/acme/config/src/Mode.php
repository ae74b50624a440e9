<?php

namespace Acme\Config;

enum Mode: string
{
    const Mode DEFAULT = Mode::Production;

    case Production = 'prod';
    case Development = 'dev';
}
