<!DOCTYPE html>
<html lang="{{ str_replace('_', '-', app()->getLocale()) }}">
<head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <meta name="csrf-token" content="{{ csrf_token() }}">
    <title>@hasSection('title')@yield('title') · @endif{{ config('app.name') }}</title>
    <meta name="description" content="@yield('description', 'Notes on building, measuring and shipping web applications.')">
    <link rel="stylesheet" href="{{ asset('css/app.css') }}">
    <link rel="alternate" type="application/json" href="{{ route('api.posts.index') }}">
</head>
<body>
    @include('partials.header')

    <main class="container">
        <x-alert type="success" :message="session('status')"/>

        @yield('content')
    </main>

    @include('partials.footer')
</body>
</html>
