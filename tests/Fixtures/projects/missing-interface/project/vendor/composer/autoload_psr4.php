<?php

$vendorDir = dirname(__DIR__);
$baseDir = dirname($vendorDir);

return array(
    'Acme\\Cache\\' => array($vendorDir . '/acme/cache/src'),
);
