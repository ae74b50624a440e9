<?php

$wp_filter = [];

function add_filter(string $hook, callable $callback): void
{
    $GLOBALS['wp_filter'][$hook][] = $callback;
}

function apply_filters(string $hook, string $value): string
{
    foreach ($GLOBALS['wp_filter'][$hook] ?? [] as $callback) {
        $value = $callback($value);
    }

    return $value;
}
