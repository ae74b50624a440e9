<?php

namespace Acme\Query;

final class Repository
{
    public function active(): string
    {
        return new Builder()->where('active = 1')->sql();
    }
}
