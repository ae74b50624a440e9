@extends('layouts.app')

@section('title', $post->title)
@section('description', $post->excerpt)

@section('content')
    <article class="post">
        <header>
            <h1>{{ $post->title }}</h1>
            <x-post-meta :post="$post"/>
        </header>

        <div class="post__body">
            {!! $post->bodyHtml() !!}
        </div>

        <footer class="post__author">
            <h2>About {{ $post->author->name }}</h2>
            <p>{{ $post->author->bio }}</p>
        </footer>
    </article>

    @if ($moreFromAuthor->isNotEmpty())
        <section class="more" aria-labelledby="more">
            <h2 id="more">More from {{ $post->author->name }}</h2>
            @foreach ($moreFromAuthor as $other)
                @include('partials.post-card', ['post' => $other])
            @endforeach
        </section>
    @endif
@endsection
