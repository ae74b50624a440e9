<?php

$vendorDir = dirname(__DIR__);
$baseDir = dirname($vendorDir);

return array(
    'Acme\\Container\\' => array($vendorDir . '/acme/container/src'),
    'App\\' => array($baseDir . '/src'),
);
