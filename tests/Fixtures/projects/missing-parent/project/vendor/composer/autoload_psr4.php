<?php

$vendorDir = dirname(__DIR__);
$baseDir = dirname($vendorDir);

return array(
    'Acme\\Db\\' => array($vendorDir . '/acme/db/src'),
);
