<?php
// Front controller: loads the core with require, then renders.
define('WP_USE_THEMES', true);
require __DIR__.'/wp-load.php';
echo __('Hello from the CMS');
