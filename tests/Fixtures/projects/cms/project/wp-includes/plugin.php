<?php

function add_action($hook, $callback)
{
    $GLOBALS['wp_actions'][$hook][] = $callback;
}
