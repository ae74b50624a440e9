<?php

$vendorDir = dirname(__DIR__);
$baseDir = dirname($vendorDir);

return array(
    'Acme\\Repo\\' => array($vendorDir . '/acme/repo/src'),
);
