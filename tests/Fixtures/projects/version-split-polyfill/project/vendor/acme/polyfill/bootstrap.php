<?php

if (\PHP_VERSION_ID >= 80500) {
    require __DIR__.'/bootstrap85.php';
}
