<?php

$vendorDir = dirname(__DIR__);
$baseDir = dirname($vendorDir);

return array(
    'Acme\\Framework\\' => array($vendorDir . '/acme/framework/src'),
    'Acme\\DebugBar\\' => array($vendorDir . '/acme/debugbar/src'),
);
