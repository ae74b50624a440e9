<?php

$vendorDir = dirname(__DIR__);
$baseDir = dirname($vendorDir);

return array(
    'Acme\\Broken\\' => array($vendorDir . '/acme/broken/src'),
);
