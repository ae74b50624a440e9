<?php

namespace App\Http\Controllers;

use App\Models\Post;
use Illuminate\Contracts\View\View;

class PostController extends Controller
{
    /**
     * One post, and the author's other recent posts.
     */
    public function show(Post $post): View
    {
        $post->load(['author', 'tags']);

        $moreFromAuthor = Post::query()
            ->with(['author', 'tags'])
            ->where('author_id', $post->author_id)
            ->whereKeyNot($post->getKey())
            ->latestPublished()
            ->limit(3)
            ->get();

        return view('posts.show', [
            'post' => $post,
            'moreFromAuthor' => $moreFromAuthor,
        ]);
    }
}
