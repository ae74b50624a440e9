<?php

// Composer's default dump (no -o): the loader finds App\ classes under src/ at run time.
class ComposerAutoloaderInitFixturePlain
{
    public static function getLoader()
    {
        $loader = new \Composer\Autoload\ClassLoader(\dirname(__DIR__));
        $loader->register(true);

        return $loader;
    }
}
