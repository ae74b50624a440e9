<?php

$vendorDir = dirname(__DIR__);
$baseDir = dirname($vendorDir);

return array(
    'Acme\\Odd\\' => array($vendorDir . '/acme/it\'s $HOME/src'),
);
