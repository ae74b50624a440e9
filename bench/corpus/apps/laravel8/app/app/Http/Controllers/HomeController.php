<?php

namespace App\Http\Controllers;

use App\Models\Post;
use Illuminate\Contracts\View\View;

class HomeController extends Controller
{
    /**
     * The newest posts with their authors and tags.
     */
    public function __invoke(): View
    {
        $posts = Post::query()
            ->with(['author', 'tags'])
            ->latestPublished()
            ->limit(config('blog.per_page'))
            ->get();

        return view('home', ['posts' => $posts]);
    }
}
