<?php

use App\Http\Controllers\ContactController;
use App\Http\Controllers\HomeController;
use App\Http\Controllers\PostController;
use Illuminate\Support\Facades\Route;

/*
|--------------------------------------------------------------------------
| Web Routes
|--------------------------------------------------------------------------
|
| Loaded by bootstrap/app.php inside the "web" middleware group:
| cookies are encrypted, a session is started and CSRF tokens are checked.
|
*/

Route::get('/', HomeController::class)->name('home');

Route::get('/posts/{post}', [PostController::class, 'show'])->name('posts.show');

Route::get('/contact', [ContactController::class, 'show'])->name('contact');
Route::post('/contact', [ContactController::class, 'send'])->name('contact.send');
