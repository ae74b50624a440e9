<?php

$vendorDir = dirname(__DIR__);
$baseDir = dirname($vendorDir);

return array(
    'Acme\\Parser\\' => array($vendorDir . '/acme/parser/src'),
);
