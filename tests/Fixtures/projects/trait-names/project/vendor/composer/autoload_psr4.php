<?php

$vendorDir = dirname(__DIR__);
$baseDir = dirname($vendorDir);

return array(
    'Acme\\Support\\' => array($vendorDir . '/acme/support/src'),
    'App\\' => array($baseDir . '/src'),
);
