<?php

declare(strict_types=1);

namespace App;

enum Priority: int implements \Missing\Contracts\Sortable
{
    case Low = 1;
}
