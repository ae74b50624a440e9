<?php

use App\Http\Controllers\Api\PostController;
use Illuminate\Support\Facades\Route;

/*
|--------------------------------------------------------------------------
| API Routes
|--------------------------------------------------------------------------
|
| Loaded by bootstrap/app.php under the /api prefix, inside the "api"
| middleware group: rate limited, no session, no cookies.
|
*/

Route::get('/posts', [PostController::class, 'index'])->name('api.posts.index');
