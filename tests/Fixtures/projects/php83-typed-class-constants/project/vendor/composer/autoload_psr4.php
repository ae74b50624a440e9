<?php

$vendorDir = dirname(__DIR__);
$baseDir = dirname($vendorDir);

return array(
    'Acme\\Config\\' => array($vendorDir . '/acme/config/src'),
);
