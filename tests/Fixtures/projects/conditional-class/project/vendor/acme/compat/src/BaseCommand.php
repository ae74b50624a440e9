<?php

namespace Acme\Compat;

if (!class_exists(\Symfony\Component\Console\Command\Command::class)) {
    class BaseCommand
    {
    }
} else {
    class BaseCommand extends \Symfony\Component\Console\Command\Command
    {
    }
}
