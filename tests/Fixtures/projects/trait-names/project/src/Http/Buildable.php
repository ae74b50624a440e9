<?php

namespace App\Http;

trait Buildable
{
    public function build(): string
    {
        return 'built';
    }
}
