<?php

return [

    /*
    |--------------------------------------------------------------------------
    | Default Session Driver
    |--------------------------------------------------------------------------
    |
    | Sessions are files under storage/framework/sessions.
    |
    */

    'driver' => env('SESSION_DRIVER', 'file'),

    'lifetime' => env('SESSION_LIFETIME', 120),

    'expire_on_close' => false,

    'encrypt' => false,

    'files' => storage_path('framework/sessions'),

    'connection' => env('SESSION_CONNECTION', null),

    'table' => 'sessions',

    'store' => env('SESSION_STORE', null),

    /*
    |--------------------------------------------------------------------------
    | Session Sweeping Lottery
    |--------------------------------------------------------------------------
    |
    | Chances out of a hundred that a request removes expired session files.
    |
    */

    // No garbage-collection sweeps during requests. A load generator sends no cookie, so every request
    // starts a new session file; Laravel's default lottery (2 in 100) would then scan tens of thousands
    // of files in some requests, adding tails that have nothing to do with what is being measured.
    // setup.sh removes old session files instead.
    'lottery' => [0, 100],

    /*
    |--------------------------------------------------------------------------
    | Session Cookie
    |--------------------------------------------------------------------------
    */

    'cookie' => env('SESSION_COOKIE', 'laravel_session'),

    'path' => '/',

    'domain' => env('SESSION_DOMAIN', null),

    'secure' => env('SESSION_SECURE_COOKIE'),

    'http_only' => true,

    'same_site' => 'lax',

];
