<?php

namespace App\Http\Controllers\Api;

use App\Http\Controllers\Controller;
use App\Http\Resources\PostResource;
use App\Models\Post;
use Illuminate\Http\Resources\Json\AnonymousResourceCollection;

class PostController extends Controller
{
    /**
     * The newest posts as JSON.
     */
    public function index(): AnonymousResourceCollection
    {
        $posts = Post::query()
            ->with('author')
            ->latestPublished()
            ->limit(config('blog.per_page'))
            ->get();

        return PostResource::collection($posts);
    }
}
