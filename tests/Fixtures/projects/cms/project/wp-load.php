<?php
define('ABSPATH', __DIR__.'/');
require ABSPATH.'wp-includes/l10n.php';
require ABSPATH.'wp-includes/plugin.php';
require ABSPATH.'wp-includes/class-wp-post.php';
require ABSPATH.'wp-includes/class-wp-query.php';
