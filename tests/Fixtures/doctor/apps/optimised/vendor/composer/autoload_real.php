<?php

// Composer's dump with -o --classmap-authoritative: every class in the classmap, nothing searched on disk.
class ComposerAutoloaderInitFixtureOptimised
{
    public static function getLoader()
    {
        $loader = new \Composer\Autoload\ClassLoader(\dirname(__DIR__));
        $loader->setClassMapAuthoritative(true);
        $loader->register(true);

        return $loader;
    }
}
