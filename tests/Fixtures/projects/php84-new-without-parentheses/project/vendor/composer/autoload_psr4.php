<?php

$vendorDir = dirname(__DIR__);
$baseDir = dirname($vendorDir);

return array(
    'Acme\\Query\\' => array($vendorDir . '/acme/query/src'),
);
