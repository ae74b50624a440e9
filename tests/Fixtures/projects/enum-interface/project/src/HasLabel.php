<?php

declare(strict_types=1);

namespace App;

interface HasLabel
{
    public function label(): string;
}
