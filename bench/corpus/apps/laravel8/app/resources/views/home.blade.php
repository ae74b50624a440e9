@extends('layouts.app')

@section('content')
    <div class="columns">
        <section class="feed" aria-labelledby="latest">
            <h1 id="latest">Latest posts</h1>

            @forelse ($posts as $post)
                @include('partials.post-card', ['post' => $post])
            @empty
                <p>Nothing published yet.</p>
            @endforelse
        </section>

        @include('partials.sidebar')
    </div>
@endsection
