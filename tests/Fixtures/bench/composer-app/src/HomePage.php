<?php

declare(strict_types=1);

namespace App;

final class HomePage implements Renderable
{
    public function render(): string
    {
        return '<h1>'.Greeting::text()."</h1>\n<p>loaded by ".(class_exists(\Composer\Autoload\ClassLoader::class, false) ? 'Composer' : 'something else')."</p>\n";
    }
}
