<?php

// A class file the core requires explicitly, with a side effect of its own.
final class WP_Post
{
    public function __construct(public readonly string $title)
    {
    }
}

$GLOBALS['wp_post_types'] = ['post', 'page'];
