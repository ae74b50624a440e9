<?php

// Loads the core: every file here is required on every request, never autoloaded.
define('WPINC', 'wp-includes');

require ABSPATH.WPINC.'/load.php';
require ABSPATH.WPINC.'/plugin.php';
require_once ABSPATH.WPINC.'/formatting.php';
require ABSPATH.WPINC.'/kses.php';
require ABSPATH.WPINC.'/class-wp-post.php';
require ABSPATH.WPINC.'/template.php';

// Widgets come through an autoloader.
spl_autoload_register(static function (string $class): void {
    if ('WP_Widget_Cache' === $class) {
        require ABSPATH.WPINC.'/class-wp-widget-cache.php';
    }
});

wp_load_translations_early();

add_filter('the_title', 'esc_html');
