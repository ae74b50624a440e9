<?php

declare(strict_types=1);

require __DIR__.'/../vendor/autoload.php';

// The app's own Symfony Console, whatever preheat.phar carries: the version proves whose classes ran.
$application = new Symfony\Component\Console\Application('app', Composer\InstalledVersions::getPrettyVersion('symfony/console') ?? '?');
$application->add(new App\GreetCommand());
echo (new App\Greeter())->greet('web'), ' (console ', $application->getVersion(), ', ', count($application->all()), " commands)\n";
