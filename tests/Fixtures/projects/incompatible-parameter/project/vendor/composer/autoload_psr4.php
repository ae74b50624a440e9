<?php

$vendorDir = dirname(__DIR__);
$baseDir = dirname($vendorDir);

return array(
    'Acme\\Dbal\\' => array($vendorDir . '/acme/dbal/src'),
    'Acme\\Bridge\\' => array($vendorDir . '/acme/bridge/src'),
);
