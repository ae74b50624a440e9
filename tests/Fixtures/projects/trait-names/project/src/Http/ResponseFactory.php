<?php

namespace App\Http;

use Acme\Support\Macroable;

final class ResponseFactory
{
    public function make(): object
    {
        // Macroable is imported above: the anonymous class uses Acme\Support\Macroable.
        return new class() {
            use Macroable;
        };
    }

    public function builder(): object
    {
        // Unqualified, inside a namespace: App\Http\Buildable.
        return new class() {
            use Buildable;
        };
    }
}
