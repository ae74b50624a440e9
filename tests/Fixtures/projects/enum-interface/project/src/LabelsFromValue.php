<?php

declare(strict_types=1);

namespace App;

trait LabelsFromValue
{
    public function label(): string
    {
        return ucfirst($this->value);
    }
}
