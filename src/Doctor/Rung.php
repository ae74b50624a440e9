<?php

declare(strict_types=1);

namespace Preheat\Doctor;

/** The step of the ladder (`preheat bench --ladder`) that measures what a finding's fix buys. */
enum Rung: string
{
    case OpcacheSizing = 'opcache sizing';
    case Autoloader = 'autoloader';
    case PreloadHot = 'preload hot';
    case PreloadAll = 'preload all';
    case Ceiling = 'ceiling';
}
