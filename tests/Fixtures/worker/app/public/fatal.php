<?php

// A fatal error PHP cannot recover from (memory exhausted): the worker answers 500, ends, and is replaced.
ini_set('memory_limit', '32M');
$grow = [];
while (true) {
    $grow[] = str_repeat('x', 1024 * 1024);
}
