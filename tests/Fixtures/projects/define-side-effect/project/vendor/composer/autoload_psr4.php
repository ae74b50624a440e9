<?php

$vendorDir = dirname(__DIR__);
$baseDir = dirname($vendorDir);

return array(
    'Acme\\Grapheme\\' => array($vendorDir . '/acme/grapheme/src'),
);
