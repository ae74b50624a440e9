<?php
// Entry point: the wiki loads its core through its own autoloader.
require __DIR__.'/inc/load.php';
echo (new dokuwiki\Parser())->render('text');
