<?php

namespace App\View\Components;

use App\Models\Post;
use Illuminate\View\Component;

class PostMeta extends Component
{
    /**
     * @var \App\Models\Post
     */
    public $post;

    public function __construct(Post $post)
    {
        $this->post = $post;
    }

    public function publishedOn(): string
    {
        return $this->post->published_at->format('F j, Y');
    }

    public function publishedIso(): string
    {
        return $this->post->published_at->toIso8601String();
    }

    public function readingTime(): string
    {
        $minutes = $this->post->readingMinutes();

        return $minutes.' min read';
    }

    public function render()
    {
        return view('components.post-meta');
    }
}
