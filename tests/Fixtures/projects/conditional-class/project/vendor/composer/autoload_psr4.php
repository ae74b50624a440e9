<?php

$vendorDir = dirname(__DIR__);
$baseDir = dirname($vendorDir);

return array(
    'Acme\\Compat\\' => array($vendorDir . '/acme/compat/src'),
);
