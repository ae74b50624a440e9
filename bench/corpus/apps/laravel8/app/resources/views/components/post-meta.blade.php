<p class="post-meta">
    By <span class="post-meta__author">{{ $post->author->name }}</span>
    on <time datetime="{{ $publishedIso() }}">{{ $publishedOn() }}</time>
    · {{ $readingTime() }}
    @if ($post->tags->isNotEmpty())
        ·
        @foreach ($post->tags as $tag)
            <span class="tag">{{ $tag->name }}</span>
        @endforeach
    @endif
</p>
