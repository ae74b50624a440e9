<?php

declare(strict_types=1);

namespace Preheat\Doctor\Profile;

enum PreloadStatus: string
{
    case None = 'none';
    case Missing = 'missing';
    case Stale = 'stale';
    case Configured = 'configured';
}
