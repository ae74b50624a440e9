<?php

$vendorDir = dirname(__DIR__);
$baseDir = dirname($vendorDir);

return array(
    'Acme\\Collection\\' => array($vendorDir . '/acme/collection/src'),
);
