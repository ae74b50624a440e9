<?php

$vendorDir = dirname(__DIR__);
$baseDir = dirname($vendorDir);

return array(
    'Acme\\Greeting\\' => array($vendorDir . '/acme/greeting/src'),
    'Acme\\App\\' => array($vendorDir . '/acme/app/src'),
);
