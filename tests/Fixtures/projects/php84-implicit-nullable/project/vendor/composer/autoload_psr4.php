<?php

$vendorDir = dirname(__DIR__);
$baseDir = dirname($vendorDir);

return array(
    'Acme\\Mailer\\' => array($vendorDir . '/acme/mailer/src'),
);
