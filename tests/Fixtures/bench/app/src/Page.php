<?php

declare(strict_types=1);

namespace App;

abstract class Page implements Renderable
{
    protected function layout(string $title, string $body): string
    {
        // A token that changes on every request, as CSRF tokens do: the gate masks it.
        $token = bin2hex(random_bytes(8));

        return "<!doctype html>\n<html><head><title>$title</title><meta name=\"csrf-token\" content=\"$token\"></head>\n<body>\n$body\n</body></html>\n";
    }
}
