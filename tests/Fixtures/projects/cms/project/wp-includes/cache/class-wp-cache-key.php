<?php

// Runtime code in a directory named cache: only the app's data directories (wp-content/cache,
// var/cache, a top-level cache/) hold what the app writes at run time.
final class WP_Cache_Key
{
    public $group = 'default';
}
