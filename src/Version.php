<?php

declare(strict_types=1);

namespace Preheat;

final class Version
{
    public const VERSION = '0.1.0';
}
