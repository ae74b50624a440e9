<?php

declare(strict_types=1);

require __DIR__.'/../vendor/autoload.php';

// The app's own Symfony Console, whatever preheat.phar carries: the version proves whose classes ran.
$version = Composer\InstalledVersions::getPrettyVersion('symfony/console') ?? '?';
$application = new Symfony\Component\Console\Application('app', $version);
$application->add(new App\GreetCommand());
$commands = count($application->all());
echo (new App\Greeter())->greet('web'), ' (console ', $application->getVersion(), ', ', $commands, " commands)\n";
