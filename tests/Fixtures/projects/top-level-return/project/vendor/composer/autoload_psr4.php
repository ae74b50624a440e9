<?php

$vendorDir = dirname(__DIR__);
$baseDir = dirname($vendorDir);

return array(
    'Acme\\Legacy\\' => array($vendorDir . '/acme/legacy/src'),
);
