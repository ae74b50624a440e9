<?php
// Runs before the core is loaded: brings its own copy of the translation function.
function __($text)
{
    return $text;
}

echo __('Set up the configuration file');
