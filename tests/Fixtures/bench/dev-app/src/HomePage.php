<?php

declare(strict_types=1);

namespace App;

final class HomePage implements Renderable
{
    public function render(): string
    {
        $items = '';
        foreach (range(1, 20) as $i) {
            $items .= "<li>Post $i</li>\n";
        }

        return "<!doctype html>\n<html><head><title>Home</title></head>\n<body>\n<ul>\n$items</ul>\n</body></html>\n";
    }
}
