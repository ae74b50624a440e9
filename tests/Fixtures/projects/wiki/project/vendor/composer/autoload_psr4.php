<?php

$vendorDir = dirname(__DIR__);

return [
    'splitbrain\\PHPArchive\\' => [$vendorDir.'/splitbrain/php-archive/src'],
];
