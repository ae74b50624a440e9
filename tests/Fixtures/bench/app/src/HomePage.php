<?php

declare(strict_types=1);

namespace App;

final class HomePage extends Page
{
    public function render(): string
    {
        $items = '';
        foreach (range(1, 20) as $i) {
            $items .= "<li>Post $i</li>\n";
        }

        return $this->layout('Home', '<h1>'.Greeting::text()."</h1>\n<ul>\n$items</ul>");
    }
}
