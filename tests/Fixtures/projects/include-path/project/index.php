<?php
// A database admin tool packaged without Composer: its libraries come from the include path.
require 'PhpMyLib/Sql/Parser.php';
require __DIR__.'/libraries/SqlExport.php';
echo 'ok';
