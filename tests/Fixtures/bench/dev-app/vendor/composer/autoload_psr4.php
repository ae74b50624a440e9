<?php

$vendorDir = dirname(__DIR__);
$baseDir = dirname($vendorDir);

return array(
    'App\\' => array($baseDir . '/src'),
    'Acme\\Testkit\\' => array($vendorDir . '/acme/testkit/src'),
);
