<?php

declare(strict_types=1);

namespace Preheat\Doctor\Finding;

/**
 * The step of the ladder (rungs the bench measures side by side, each over the one below) that measures what a
 * finding's fix buys.
 */
enum Rung: string
{
    case OpcacheSizing = 'opcache sizing';
    case Autoloader = 'autoloader';
    case PreloadHot = 'preload hot';
    case PreloadAll = 'preload all';
    case Ceiling = 'ceiling';
}
