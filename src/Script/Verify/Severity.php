<?php

declare(strict_types=1);

namespace Preheat\Script\Verify;

enum Severity: string
{
    case Fatal = 'fatal';
    case Warning = 'warning';
    case Notice = 'notice';
    case Deprecated = 'deprecated';
}
