<!DOCTYPE html>
<html lang="{{ str_replace('_', '-', app()->getLocale()) }}">
<head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <title>Not found · {{ config('app.name') }}</title>
    <link rel="stylesheet" href="{{ asset('css/app.css') }}">
</head>
<body>
    @include('partials.header')

    <main class="container">
        <h1>Not found</h1>
        <p>There is no page at <code>/{{ request()->path() === '/' ? '' : request()->path() }}</code>.</p>
        <p><a href="{{ route('home') }}">Back to the latest posts</a></p>
    </main>

    @include('partials.footer')
</body>
</html>
