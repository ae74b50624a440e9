<?php

$vendorDir = dirname(__DIR__);
$baseDir = dirname($vendorDir);

return array(
    'Acme\\Shop\\' => array($vendorDir . '/acme/shop/src'),
);
