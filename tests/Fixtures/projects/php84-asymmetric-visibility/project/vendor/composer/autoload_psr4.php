<?php

$vendorDir = dirname(__DIR__);
$baseDir = dirname($vendorDir);

return array(
    'Acme\\Account\\' => array($vendorDir . '/acme/account/src'),
);
