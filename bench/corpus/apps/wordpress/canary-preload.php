<?php

// A preload script that changes a page on purpose, so that the corpus can check that the bench's gate still
// sees a real difference once it masks what changes between identical requests. WordPress declares its
// pluggable get_avatar() only when nobody did before: preloaded, this one wins, and the comments under a
// post show another image.
function get_avatar($id_or_email, $size = 96, $default_value = '', $alt = '', $args = null)
{
    return '<img class="avatar" alt="a preloaded avatar" src="data:,">';
}
