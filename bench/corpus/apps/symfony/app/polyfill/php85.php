<?php

// framework-bundle 7.4 (from 7.4.18 on) calls get_error_handler() (PHP 8.5) through symfony/polyfill-php85,
// which the package registry this app is built from does not have: composer.json replaces that package
// and this file provides what the app uses of it.
if (!function_exists('get_error_handler')) {
    function get_error_handler(): ?callable
    {
        $handler = set_error_handler(null);
        restore_error_handler();

        return $handler;
    }
}
if (!function_exists('get_exception_handler')) {
    function get_exception_handler(): ?callable
    {
        $handler = set_exception_handler(null);
        restore_exception_handler();

        return $handler;
    }
}
