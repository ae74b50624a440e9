<header class="site-header">
    <div class="container">
        <a class="brand" href="{{ route('home') }}">{{ config('app.name') }}</a>
        <nav aria-label="Main">
            <ul>
                <li><a href="{{ route('home') }}" @if (request()->routeIs('home')) aria-current="page" @endif>Latest</a></li>
                <li><a href="{{ route('contact') }}" @if (request()->routeIs('contact')) aria-current="page" @endif>Contact</a></li>
                <li><a href="{{ route('api.posts.index') }}">API</a></li>
            </ul>
        </nav>
    </div>
</header>
