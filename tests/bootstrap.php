<?php

declare(strict_types=1);

$loader = require __DIR__.'/../vendor/autoload.php';
// composer.json maps it too (autoload-dev); this keeps a vendor/ dumped before bench/seeds/ existed working.
$loader->addPsr4('Preheat\\Seeds\\', __DIR__.'/../bench/seeds/src/');

Preheat\Tests\Support\TestRunDirectory::install();
