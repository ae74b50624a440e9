<?php

declare(strict_types=1);

namespace App;

enum Status: string implements HasLabel
{
    use LabelsFromValue;

    case Draft = 'draft';
    case Published = 'published';
}
