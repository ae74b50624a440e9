<?php

$vendorDir = dirname(__DIR__);
$baseDir = dirname($vendorDir);

return array(
    'Acme\\Value\\' => array($vendorDir . '/acme/value/src'),
);
