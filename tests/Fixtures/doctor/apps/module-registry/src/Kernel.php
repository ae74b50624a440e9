<?php

namespace App;

use Composer\Autoload\ClassLoader;

final class Kernel
{
    public function __construct(private readonly ClassLoader $classLoader)
    {
    }

    /** Each enabled module's namespace is registered while the app boots. */
    public function bootModules(array $modules): void
    {
        foreach ($modules as $name => $path) {
            $this->classLoader->addPsr4('Modules\\'.$name.'\\', $path.'/src');
        }
    }
}
