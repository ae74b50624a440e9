<?php

$vendorDir = dirname(__DIR__);
$baseDir = dirname($vendorDir);

return array(
    'Acme\\Http\\' => array($vendorDir . '/acme/http/src'),
);
