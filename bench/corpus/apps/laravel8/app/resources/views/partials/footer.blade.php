<footer class="site-footer">
    <div class="container">
        <p>{{ config('app.name') }} · running on Laravel {{ app()->version() }} and PHP {{ PHP_MAJOR_VERSION }}.{{ PHP_MINOR_VERSION }}</p>
        <p><a href="{{ route('home') }}">Latest posts</a> · <a href="{{ route('contact') }}">Write to us</a></p>
    </div>
</footer>
