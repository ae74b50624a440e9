<?php

declare(strict_types=1);

require __DIR__.'/../vendor/autoload.php';

// The app's own react/event-loop 0.4: nextTick() and TimerInterface::isActive() are gone from 1.x, so a
// page that got another copy of React\EventLoop (say the worker runtime's) fails here.
$loop = React\EventLoop\Factory::create();
$steps = [];
$loop->nextTick(static function () use (&$steps): void {
    $steps[] = 'tick';
});
$timer = $loop->addTimer(0.001, static function () use (&$steps): void {
    $steps[] = 'timer';
});
$steps[] = $timer->isActive() ? 'active' : 'inactive';
$loop->run();
$from = (new ReflectionClass($loop))->getFileName();
echo 'loop: ', implode(', ', $steps), ' (', str_starts_with((string) $from, dirname(__DIR__).'/vendor/') ? 'the app\'s' : 'another', ")\n";
