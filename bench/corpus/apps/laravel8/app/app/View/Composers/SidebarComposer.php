<?php

namespace App\View\Composers;

use App\Models\Author;
use App\Models\Tag;
use Illuminate\Contracts\Cache\Repository as Cache;
use Illuminate\View\View;

class SidebarComposer
{
    /**
     * @var \Illuminate\Contracts\Cache\Repository
     */
    protected $cache;

    public function __construct(Cache $cache)
    {
        $this->cache = $cache;
    }

    /**
     * Give the sidebar the most used tags and the most prolific authors.
     *
     * @param  \Illuminate\View\View  $view
     * @return void
     */
    public function compose(View $view)
    {
        $ttl = config('blog.sidebar_ttl');

        $view->with('popularTags', $this->cache->remember('sidebar.tags', $ttl, function () {
            return Tag::query()
                ->withCount('posts')
                ->orderByDesc('posts_count')
                ->orderBy('name')
                ->limit(10)
                ->get()
                ->map(fn (Tag $tag) => ['name' => $tag->name, 'slug' => $tag->slug, 'count' => $tag->posts_count])
                ->all();
        }));

        $view->with('topAuthors', $this->cache->remember('sidebar.authors', $ttl, function () {
            return Author::query()
                ->withCount('posts')
                ->orderByDesc('posts_count')
                ->orderBy('name')
                ->limit(5)
                ->get()
                ->map(fn (Author $author) => ['name' => $author->name, 'count' => $author->posts_count])
                ->all();
        }));
    }
}
