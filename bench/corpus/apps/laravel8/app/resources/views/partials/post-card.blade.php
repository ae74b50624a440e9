<article class="post-card" id="post-{{ $post->id }}">
    <h2 class="post-card__title">
        <a href="{{ route('posts.show', $post) }}">{{ $post->title }}</a>
    </h2>
    <x-post-meta :post="$post"/>
    <p class="post-card__excerpt">{{ $post->excerpt }}</p>
    <a class="post-card__more" href="{{ route('posts.show', $post) }}">Read “{{ Str::limit($post->title, 40) }}”</a>
</article>
