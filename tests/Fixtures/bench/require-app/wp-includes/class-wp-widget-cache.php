<?php

// Reached only through the autoloader: preloaded, the autoloader would never run it. Must stay out.
final class WP_Widget_Cache
{
    public static function hits(): int
    {
        return 3;
    }
}

$GLOBALS['widget_cache_loaded'] = 'widget cache loaded';
