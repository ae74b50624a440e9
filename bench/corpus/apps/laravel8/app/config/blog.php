<?php

return [

    /*
    |--------------------------------------------------------------------------
    | Posts Per Listing
    |--------------------------------------------------------------------------
    |
    | How many posts the home page and the API list, newest first.
    |
    */

    'per_page' => 20,

    /*
    |--------------------------------------------------------------------------
    | Sidebar Cache
    |--------------------------------------------------------------------------
    |
    | The popular-tags sidebar is computed once and kept in the cache store
    | for this many seconds.
    |
    */

    'sidebar_ttl' => 600,

    /*
    |--------------------------------------------------------------------------
    | API Rate Limit
    |--------------------------------------------------------------------------
    |
    | Requests per minute and client address on the "api" route group. It is
    | high so that load tests measure the application, not the limiter.
    |
    */

    'api_per_minute' => (int) env('BLOG_API_PER_MINUTE', 1000000),

];
