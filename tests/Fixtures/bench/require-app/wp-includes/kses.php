<?php

// No side effects: preloadable by every strategy.
function wp_kses_plain(string $text): string
{
    return strip_tags($text);
}
