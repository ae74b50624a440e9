<?php

// Functions, a constant and a global: the top level runs at every require.
define('WP_START_LOADED', 'load.php ran');

$wp_load_calls = ($wp_load_calls ?? 0) + 1;

function wp_load_translations_early(): void
{
    // Only when no translation functions exist yet: preloaded, __() would exist and l10n.php never run.
    if (function_exists('__')) {
        return;
    }
    require ABSPATH.WPINC.'/l10n.php';
}

function wp_start_message(): string
{
    return WP_START_LOADED.' '.$GLOBALS['wp_load_calls'].' time(s)';
}
