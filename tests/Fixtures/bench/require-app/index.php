<?php

// A blog engine in the style that loads its core with require, without Composer.
define('ABSPATH', __DIR__.'/');

require ABSPATH.'wp-settings.php';

echo render_page((string) parse_url($_SERVER['REQUEST_URI'] ?? '/', PHP_URL_PATH));
