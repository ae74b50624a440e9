<?php

declare(strict_types=1);

namespace App;

interface Renderable
{
    public function render(): string;
}
