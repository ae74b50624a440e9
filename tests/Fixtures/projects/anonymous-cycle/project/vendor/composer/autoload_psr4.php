<?php

$vendorDir = dirname(__DIR__);

return [
    'Acme\\Dom\\' => [$vendorDir.'/acme/dom/src'],
];
