<?php

$vendorDir = dirname(__DIR__);
$baseDir = dirname($vendorDir);

return array(
);
