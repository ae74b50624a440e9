<?php

$vendorDir = dirname(__DIR__);
$baseDir = dirname($vendorDir);

return array(
    'Acme\\Queue\\' => array($vendorDir . '/acme/queue/src'),
);
