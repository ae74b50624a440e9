<?php

function render_page(string $path): string
{
    if ('/' !== $path) {
        http_response_code(404);

        return 'not found';
    }
    $post = new WP_Post(apply_filters('the_title', 'Hello <world>'));

    return implode("\n", [
        $post->title,
        wp_start_message(),
        __('translated').': '.($GLOBALS['l10n_loaded'] ?? 'l10n.php did not run'),
        'widgets: '.WP_Widget_Cache::hits().' '.($GLOBALS['widget_cache_loaded'] ?? 'widget cache file did not run'),
        'post types: '.implode(',', $GLOBALS['wp_post_types'] ?? ['class-wp-post.php did not run']),
        'filters: '.count($GLOBALS['wp_filter']),
        wp_kses_plain('<b>charset</b> '.FORMATTING_CHARSET),
    ])."\n";
}
